import DIRuntime

protocol AccountService {
    var provider: String { get }
}

final class FacebookAccountService: AccountService, Component {
    var qualifier: String? { "facebook" }
    let provider = "facebook"

    init() {}
}

final class GoogleAccountService: AccountService, Component {
    var qualifier: String? { "google" }
    let provider = "google"

    init() {}
}
