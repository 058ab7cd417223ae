/// Severity of a diagnostic, in the order the report sorts them (errors first).
enum Severity: String, Codable, Sendable, Comparable {
    case error
    case warning
    case note

    private var rank: Int {
        switch self {
        case .error: 0
        case .warning: 1
        case .note: 2
        }
    }

    static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// A 1-based line and a 1-based column counted in UTF-8 bytes, as swiftc reports them.
///
/// Kept in 32 bits each: a position is in every fact of every file, and an edit decodes every file's
/// interface (a 2 GB line or file is not a Swift source). Values beyond are clamped, on every path alike.
struct SourcePosition: Hashable, Codable, Sendable, Comparable {
    private var storedLine: Int32
    private var storedColumn: Int32

    init(line: Int, column: Int) {
        storedLine = Int32(clamping: line)
        storedColumn = Int32(clamping: column)
    }

    var line: Int {
        get { Int(storedLine) }
        set { storedLine = Int32(clamping: newValue) }
    }

    var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = Int32(clamping: newValue) }
    }

    private enum CodingKeys: String, CodingKey {
        case line, column
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let line = try container.decode(Int.self, forKey: .line)
        self.init(line: line, column: try container.decode(Int.self, forKey: .column))
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(line, forKey: .line)
        try container.encode(column, forKey: .column)
    }

    static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.storedLine, lhs.storedColumn) < (rhs.storedLine, rhs.storedColumn)
    }
}

/// A position in a named file; `path` is a display path (`DisplayPath`).
struct SourceLocation: Hashable, Codable, Sendable, Comparable {
    var path: String
    var position: SourcePosition

    init(path: String, position: SourcePosition) {
        self.path = path
        self.position = position
    }

    init(path: String, line: Int, column: Int) {
        self.init(path: path, position: SourcePosition(line: line, column: column))
    }

    var line: Int { position.line }
    var column: Int { position.column }

    static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.path.utf8.lexicographicallyPrecedes(rhs.path.utf8) || lhs.path == rhs.path)
            && (lhs.path != rhs.path || lhs.position < rhs.position)
    }
}

/// A `note:` line attached to a diagnostic.
struct DiagnosticNote: Hashable, Codable, Sendable {
    var message: String
    var location: SourceLocation?

    init(_ message: String, at location: SourceLocation? = nil) {
        self.message = message
        self.location = location
    }
}

/// One compiler-style diagnostic. `code` is the catalogue ID of `docs/diagnostics.md` (`I06`, `S01`, …);
/// it is not printed but lets tests and `--werror` logic identify the check.
struct Diagnostic: Hashable, Codable, Sendable {
    var code: String
    var severity: Severity
    var message: String
    var location: SourceLocation?
    var notes: [DiagnosticNote]

    init(
        _ code: String,
        _ severity: Severity = .error,
        _ message: String,
        at location: SourceLocation? = nil,
        notes: [DiagnosticNote] = []
    ) {
        self.code = code
        self.severity = severity
        self.message = message
        self.location = location
        self.notes = notes
    }

    static func error(
        _ code: String, _ message: String, at location: SourceLocation? = nil, notes: [DiagnosticNote] = []
    ) -> Diagnostic {
        Diagnostic(code, .error, message, at: location, notes: notes)
    }

    static func warning(
        _ code: String, _ message: String, at location: SourceLocation? = nil, notes: [DiagnosticNote] = []
    ) -> Diagnostic {
        Diagnostic(code, .warning, message, at: location, notes: notes)
    }
}
