import DIRuntime

final class LibraryService: Autowired {
    let novels: [Book]
    let everything: [Book]
    let logger: Logger
    let name = InjectProperty("library.name")

    required init(Novel novels: [Book], _ everything: [Book], _/* logging.sink */ logger: Logger) {
        self.novels = novels
        self.everything = everything
        self.logger = logger
    }

    static func titles(_ books: [Book]) -> String {
        books.map(\.title).sorted().joined(separator: ", ")
    }
}
