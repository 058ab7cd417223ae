/// Orders, deduplicates and renders diagnostics like a compiler (`path:line:col: error: message`).
struct DiagnosticReport: Sendable {
    struct Options: Sendable {
        var color: Bool = false
        var quiet: Bool = false
        var warningsAsErrors: Bool = false
    }

    private(set) var diagnostics: [Diagnostic] = []

    init(_ diagnostics: [Diagnostic] = []) {
        self.diagnostics = diagnostics
    }

    mutating func add(_ diagnostic: Diagnostic) { diagnostics.append(diagnostic) }
    mutating func add(contentsOf more: [Diagnostic]) { diagnostics.append(contentsOf: more) }

    var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// Whether the run fails under these options (`--werror` turns warnings into errors).
    func fails(with options: Options) -> Bool {
        hasErrors || (options.warningsAsErrors && diagnostics.contains { $0.severity == .warning })
    }

    /// Location-less first, then path (byte order), line, column, severity, message; duplicates once.
    func sorted() -> [Diagnostic] {
        // One diagnostic (a run's usual warning) needs no set: a `Set<Diagnostic>` costs the runtime a scan
        // of all 9,000 protocol conformances the first time one is made.
        guard diagnostics.count > 1 else { return diagnostics }
        var seen = Set<Diagnostic>()
        let unique = diagnostics.filter { seen.insert($0).inserted }
        return unique.sorted(by: Self.precedes)
    }

    static func precedes(_ lhs: Diagnostic, _ rhs: Diagnostic) -> Bool {
        switch (lhs.location, rhs.location) {
        case (nil, .some): return true
        case (.some, nil): return false
        case (let l?, let r?) where l != r:
            if l.path != r.path { return l.path.utf8.lexicographicallyPrecedes(r.path.utf8) }
            return l.position < r.position
        default:
            if lhs.severity != rhs.severity { return lhs.severity < rhs.severity }
            return lhs.message.utf8.lexicographicallyPrecedes(rhs.message.utf8)
        }
    }

    /// The text to print on stderr, one line per diagnostic or note, each ending in a newline.
    func render(_ options: Options) -> String {
        var out = ""
        for diagnostic in sorted() {
            var severity = diagnostic.severity
            if severity == .warning {
                if options.warningsAsErrors {
                    severity = .error
                } else if options.quiet {
                    continue
                }
            }
            out += Self.line(severity, diagnostic.message, diagnostic.location, color: options.color)
            for note in diagnostic.notes {
                out += Self.line(.note, note.message, note.location, color: options.color)
            }
        }
        return out
    }

    static func line(_ severity: Severity, _ message: String, _ location: SourceLocation?, color: Bool) -> String {
        let label = "\(severity.rawValue):"
        var out = ""
        if let location {
            let place = "\(location.path):\(location.line):\(location.column):"
            out += color ? "\u{1B}[1m\(place)\u{1B}[0m " : "\(place) "
        }
        if color {
            let code =
                switch severity {
                case .error: "31"
                case .warning: "35"
                case .note: "36"
                }
            out += "\u{1B}[1;\(code)m\(label)\u{1B}[0m "
        } else {
            out += "\(label) "
        }
        return out + message + "\n"
    }
}
