/// Why a YAML file could not be turned into a node tree.
enum YAMLLoadError: Error, Equatable, Sendable {
    /// The file cannot be read (`I01`).
    case unreadable(path: String, reason: String)
    /// libyaml (or alias/merge expansion) rejected the text (`I08`).
    case invalid(path: String, problem: String, line: Int, column: Int)
    /// A second document starts at `line`:`column`.
    case multipleDocuments(path: String, line: Int, column: Int)

    /// The catalogue diagnostic; a config file with several documents is an `I08` parse error.
    var diagnostic: Diagnostic {
        switch self {
        case .unreadable(let path, let reason):
            Diagnostic(.cannotRead, path, reason)
        case .invalid(let path, let problem, let line, let column):
            Diagnostic(.cannotParse, path, problem, at: SourceLocation(path: path, line: line, column: column))
        case .multipleDocuments(let path, let line, let column):
            Diagnostic(
                .severalDocuments, path,
                at: SourceLocation(path: path, line: line, column: column))
        }
    }
}

/// A parsed YAML file, or why it could not be parsed. Not a `Result`: the first `Result<_, YAMLLoadError>` of a
/// run made the Swift runtime check `YAMLLoadError: Error` by scanning every protocol conformance record of the
/// binary (~0.1 ms in a static build holding swift-syntax), on every build that reads a config.
enum YAMLParse {
    case success(YAMLNode?)
    case failure(YAMLLoadError)

    /// The tree (nil for a stream without a document), or the error thrown.
    func get() throws(YAMLLoadError) -> YAMLNode? {
        switch self {
        case .success(let root): return root
        case .failure(let error): throw error
        }
    }
}
