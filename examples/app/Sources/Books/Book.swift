protocol Book {
    var title: String { get }
}
