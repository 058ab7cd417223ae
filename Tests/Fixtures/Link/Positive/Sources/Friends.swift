final class FriendPayload: Payload {
    let userID: String
    required init(with argument: (userID: String, cachedName: String)) { userID = argument.userID }
}

final class FriendInfoViewModel: AutowiredFactory {
    let account: AccountService
    let userID: String
    required init(facebook account: AccountService, payload: FriendPayload) {
        self.account = account
        self.userID = payload.userID
    }
}

final class RoomPayload: Payload {
    let roomID: String
    required init(with argument: (roomID: String, title: String)) { roomID = argument.roomID }
}

final class ChatViewModel: LazyAutowiredFactory {
    typealias _Payload = RoomPayload
    var friends: FriendService!
    let roomID: String
    func inject(_ friends: FriendService) { self.friends = friends }
    required init(payload: _Payload) { roomID = payload.roomID }
}
