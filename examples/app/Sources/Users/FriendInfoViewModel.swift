import DIRuntime

final class FriendInfoViewModel: AutowiredFactory {
    let friends: FriendService
    let userID: String

    required init(_ friends: FriendService, payload: FriendPayload) {
        self.friends = friends
        self.userID = payload.userID
    }

    var summary: String { "\(userID) is \(friends.name(of: userID))" }
}
