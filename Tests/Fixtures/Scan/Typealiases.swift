typealias Backend = FileBackend
typealias Handler<T> = (T) -> Void
typealias Erased = any   Logger
final class MessageServiceImpl: MessageService, Autowired {
    typealias Dep1 = FriendService
    required init(_ friends: Dep1) {}
}
struct Storage {
    typealias Backend = FileBackend
    #if LEGACY
    typealias Legacy = [  Old ]
    #endif
}
