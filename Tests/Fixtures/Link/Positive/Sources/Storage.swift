struct Storage {
    typealias Backend = FileBackend
    final class FileBackend: Component { init() {} }
    final class Reader: Autowired {
        required init(_ backend: Backend) {}
    }
}

typealias Clock = SystemClock

final class SystemClock: Component {
    var scope: Scope { .always }
    init() {}
}
