import Foundation

@testable import DIEngine

/// Reading fixtures under `Tests/Fixtures/Scan` and querying scan results.
enum ScanFixture {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/Scan")

    static func bytes(_ name: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: directory.appendingPathComponent(name)))
    }

    static func scan(_ name: String, runtimeModule: String = "DIRuntime") throws -> FileFacts {
        DIEngine.Scanner.scan(bytes: try bytes(name), runtimeModule: runtimeModule)
    }

    static func scan(source: String, runtimeModule: String = "DIRuntime") -> FileFacts {
        DIEngine.Scanner.scan(bytes: Array(source.utf8), runtimeModule: runtimeModule)
    }
}

extension FileFacts {
    /// The declaration (not extension) with this full name.
    func type(_ fullName: String) -> DeclarationFact? {
        declarations.first { $0.kind != .extension && $0.fullName == fullName }
    }

    func extensions(of name: String) -> [DeclarationFact] {
        declarations.filter { $0.kind == .extension && $0.name == name }
    }

    /// `line:column: code: message`, plus `  note line:column: message` lines, one string per diagnostic.
    var renderedDiagnostics: [String] {
        diagnostics.map { diagnostic in
            ([Self.render(diagnostic.position) + ": \(diagnostic.code): \(diagnostic.message)"]
                + diagnostic.notes.map { "  note \(Self.render($0.position)): \($0.message)" })
                .joined(separator: "\n")
        }
    }

    static func render(_ position: SourcePosition) -> String { "\(position.line):\(position.column)" }
}

func at(_ line: Int, _ column: Int) -> SourcePosition { SourcePosition(line: line, column: column) }

extension DIEngine.Scanner {
    /// Every file scanned on `threads` threads (default: every active core), in input order; the engine
    /// scans through `SourceCache`, the tests and benchmarks scan many files without a cache.
    static func scanAll(
        _ files: [(path: String, bytes: [UInt8])], runtimeModule: String, threads: Int? = nil
    ) -> [FileFacts] {
        ParallelMap.map(files, threads: threads) { scan(bytes: $0.bytes, runtimeModule: runtimeModule) }
    }
}
