import DIRuntime

/// Nested registrations and a member typealias resolved lexically.
enum Storage {
    typealias Backend = FileBackend

    final class FileBackend: Component {
        let path = "/var/lib/library"

        init() {}
    }

    final class Reader: Autowired {
        let backend: Backend

        required init(_ backend: Backend) {
            self.backend = backend
        }
    }
}
