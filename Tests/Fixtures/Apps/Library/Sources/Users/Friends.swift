import DIRuntime

final class FriendPayload: Payload {
    let userID: String

    required init(with argument: (userID: String, note: String)) {
        userID = argument.userID
    }
}

/// The argument label `facebook` is the qualifier. Swift cannot infer `_Payload` from a labelled
/// initialiser, so it is declared, as with Deli.
final class FriendInfoViewModel: AutowiredFactory {
    typealias _Payload = FriendPayload

    let account: AccountService
    let userID: String

    required init(facebook account: AccountService, payload: FriendPayload) {
        self.account = account
        self.userID = payload.userID
    }
}

final class RoomPayload: Payload {
    let roomID: String

    required init(with argument: (roomID: String, seats: Int)) {
        roomID = argument.roomID
    }
}

final class ChatViewModel: LazyAutowiredFactory {
    var users: UserService!
    let roomID: String

    func inject(_ users: UserService) {
        self.users = users
    }

    required init(payload: RoomPayload) {
        roomID = payload.roomID
    }
}

final class TicketPayload: Payload {
    let number: Int

    required init(with argument: (number: Int, row: String)) {
        number = argument.number
    }
}

/// A struct factory without dependencies.
struct Ticket: AutowiredFactory {
    let number: Int

    init(payload: TicketPayload) {
        number = payload.number
    }
}
