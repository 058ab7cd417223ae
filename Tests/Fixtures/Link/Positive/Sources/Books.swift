protocol Book {}

class Novel: Book {
    var qualifier: String? { "Novel" }
}

final class HarryPotter: Novel, Component {}

final class Dune: Novel, DIRuntime.Component {
    var scope: Scope { .prototype }
}

protocol Logger {}

final class FileLogger: Logger, Component {
    var qualifier: String? { return "file" }
    init() {}
}

final class ConsoleLogger: Logger, Component {
    var qualifier: String? {
        get { "console" }
    }
    init() {}
}

final class LibraryService: Autowired {
    let novels: [Book]
    let logger: Logger
    required init(Novel novels: [Book], _/* logger.storage */ logger: Logger) {
        self.novels = novels
        self.logger = logger
    }
}
