import Foundation
import Testing

@testable import DIEngine

/// Deep nesting is kept away from swift-syntax (exponential on `[`, stack overflows on generics and
/// `#if`): one warning at the first too-deep position, facts from the rest, the same in debug and release.
@Suite struct ScanNestingTests {
    /// Scans like the engine does: on a scan thread (16 MiB stack).
    private func scan(_ source: String) -> FileFacts {
        DIEngine.Scanner.scanAll([(path: "deep.swift", bytes: Array(source.utf8))], runtimeModule: "DIRuntime")[0]
    }

    private func nested(_ open: String, _ inner: String, _ close: String, depth: Int) -> String {
        String(repeating: open, count: depth) + inner + String(repeating: close, count: depth)
    }

    private static let trailer = "\nfinal class After: Component {\n    let a = Inject(A.self)\n}\n"

    /// Each pathological shape, with the column where it first goes too deep (on line 1).
    private var shapes: [(name: String, line: String, column: Int)] {
        [
            ("square", "let x = " + nested("[", "1", "]", depth: 50_000), 9 + NestingGuard.maximumSquareDepth),
            ("generic", "let x: " + nested("A<", "B", ">", depth: 3_000), 9 + 2 * NestingGuard.maximumAngleDepth),
            ("paren", "let x = " + nested("(", "1", ")", depth: 50_000), 9 + NestingGuard.maximumDepth),
            ("closure", "let x = " + nested("{ ", "1", " }", depth: 20_000), 9 + 2 * NestingGuard.maximumDepth),
        ]
    }

    @Test func deepShapesGiveOneWarningAtTheFirstTooDeepPosition() throws {
        for shape in shapes {
            let facts = scan(shape.line + Self.trailer)
            #expect(
                facts.diagnostics.map(\.severity) == [.warning] && facts.diagnostics.first?.code == "S00",
                "\(shape.name)")
            #expect(facts.diagnostics.first?.position == SourcePosition(line: 1, column: shape.column), "\(shape.name)")
            #expect(facts.diagnostics.first?.message.contains("nested deeper than") == true, "\(shape.name)")
            #expect(facts.type("After")?.injectCalls.map(\.type.name) == ["A"], "\(shape.name)")
        }
    }

    @Test func deepConditionalCompilation() throws {
        let depth = 6_000
        let source =
            String(repeating: "#if A\n", count: depth) + "struct Inner {}\n"
            + String(repeating: "#endif\n", count: depth)
            + Self.trailer
        let facts = scan(source)
        #expect(facts.diagnostics.map(\.severity) == [.warning])
        #expect(
            facts.diagnostics.first?.position == SourcePosition(line: NestingGuard.maximumConditionDepth + 1, column: 1)
        )
        #expect(facts.type("After")?.injectCalls.count == 1)
        #expect(facts.type("Inner") == nil)
    }

    @Test func tooDeepCodeThatMentionsADINameIsAnError() throws {
        let depth = NestingGuard.maximumConditionDepth + 1
        let source =
            String(repeating: "#if A\n", count: depth) + "final class Hidden: Component {}\n"
            + String(repeating: "#endif\n", count: depth)
        let facts = scan(source)
        #expect(facts.diagnostics.map(\.severity) == [.error])
        #expect(facts.diagnostics.first?.message.contains("mentioning 'Component'") == true)
    }

    @Test func tooDeepInsideADIDeclarationIsAnError() throws {
        let source = "final class Service: Component {\n    let table = " + nested("[", "1", "]", depth: 10) + "\n}\n"
        let facts = scan(source)
        #expect(facts.diagnostics.map(\.severity) == [.error])
        #expect(facts.diagnostics.first?.message.contains("inside the DI declaration 'Service'") == true)
    }

    /// Nesting real code uses (beyond swift-syntax's debug default of 20) is scanned in debug as in release.
    @Test func moderateNestingIsScannedWithoutDiagnostics() throws {
        let sources = [
            "let x = " + nested("(", "1", ")", depth: 40),
            "let x = " + nested("[", "1", "]", depth: NestingGuard.maximumSquareDepth),
            "let x: " + nested("A<", "B", ">", depth: NestingGuard.maximumAngleDepth),
            "let s = \"" + String(repeating: "[", count: 100) + "\" // " + String(repeating: "(", count: 100),
            "let r = #\"\\#(" + nested("(", "1", ")", depth: 30) + ")\"#",
            "/* " + String(repeating: "{", count: 100) + " /* nested */ */ let x = [[1]]",
            "let m = \"\"\"\n" + String(repeating: "[", count: 100) + "\n\"\"\"",
        ]
        for source in sources {
            let facts = scan(source + Self.trailer)
            #expect(facts.diagnostics.isEmpty, "\(source.prefix(60))")
            #expect(facts.type("After") != nil, "\(source.prefix(60))")
        }
    }

    /// Large files made of each worst shape scan in linear time. Debug swift-syntax is roughly 20 times
    /// slower than release, so debug builds check 50 KB files (release: 1 MB) against the same bound.
    @Test func worstShapesScanQuickly() throws {
        #if DEBUG
            let size = 50_000
        #else
            let size = 1_000_000
        #endif
        let lines = [
            "let x = " + nested("[", "1", "]", depth: 8),
            "let x: " + nested("A<", "B", ">", depth: 18),
            "let x = " + nested("{ ", "1", " }", depth: 70),
            "let x = " + nested("(", "1", ")", depth: 70),
            String(repeating: "#if A\n", count: 18) + String(repeating: "#endif\n", count: 18),
            "let x = a" + String(repeating: ".b", count: size / 2),
            "let x = 1" + String(repeating: " + 1", count: size / 4),
            "let x = f" + String(repeating: "()", count: size / 2),
        ]
        for line in lines {
            let count = max(1, size / (line.utf8.count + 1))
            let (facts, seconds) = timedScan(String(repeating: line + "\n", count: count) + Self.trailer)
            // Wall time stretches when the machine is busy (the suite runs tests in parallel, and CI may
            // share the machine): a slow run is held to how it grows instead. A quarter of the file takes
            // a quarter of the time in linear time, a sixteenth in quadratic time.
            if seconds >= 10 {
                let quarter = timedScan(String(repeating: line + "\n", count: max(1, count / 4)) + Self.trailer)
                #expect(seconds / max(quarter.seconds, 0.001) < 8, "\(line.prefix(40)): \(seconds) s")
            }
            #expect(facts.diagnostics.allSatisfy { $0.severity == .warning }, "\(line.prefix(40))")
            #expect(facts.type("After") != nil, "\(line.prefix(40))")
        }
    }

    private func timedScan(_ source: String) -> (facts: FileFacts, seconds: Double) {
        let start = Date()
        let facts = scan(source)
        return (facts, Date().timeIntervalSince(start))
    }
}
