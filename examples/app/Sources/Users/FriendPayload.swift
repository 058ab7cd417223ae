import DIRuntime

final class FriendPayload: Payload {
    let userID: String

    required init(with argument: (userID: String, note: String)) {
        userID = argument.userID
    }
}
