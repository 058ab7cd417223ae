protocol Book {
    var title: String { get }
}

/// Every subclass inherits the "Novel" qualifier.
class Novel: Book {
    var qualifier: String? { "Novel" }
    var title: String { "" }
}
