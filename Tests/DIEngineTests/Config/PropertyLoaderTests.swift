import TestSupport
import Testing

@testable import DIEngine

@Suite struct PropertyLoaderTests {
    private func load(_ files: [String], in directory: TemporaryDirectory) -> (
        tree: PropertyNode, diagnostics: [Diagnostic]
    ) {
        PropertyLoader.load(files, currentDirectory: directory.path)
    }

    private func node(_ path: String, _ tree: PropertyNode) -> PropertyNode? {
        if case .found(let node) = PropertyPath.lookup(path, in: tree) { return node }
        return nil
    }

    @Test func deepMergeAcrossYAMLAndJSONLaterWins() throws {
        let directory = try TemporaryDirectory()
        try directory.write("a.yml", "server:\n  url: http://x\n  port: 1\nlist: [1, 2]\nnul: v\nkeep: k\n")
        try directory.write("b.json", #"{"server": {"port": 2}, "list": [3], "nul": null, "flag": true}"#)
        let (tree, diagnostics) = load(["a.yml", "b.json"], in: directory)
        #expect(diagnostics.isEmpty)
        #expect(node("server.url", tree)?.scalar?.text == "http://x")
        #expect(node("server.url", tree)?.origin == SourceLocation(path: "a.yml", line: 2, column: 8))
        #expect(node("server.port", tree)?.scalar == PropertyScalar(text: "2", kind: .int))
        #expect(node("server.port", tree)?.origin == SourceLocation(path: "b.json", line: 1, column: 21))
        #expect(node("server", tree)?.origin == SourceLocation(path: "a.yml", line: 2, column: 3))
        guard case .list(let items)? = node("list", tree)?.value else {
            Issue.record("list was not replaced by a list")
            return
        }
        #expect(items.map { $0.scalar?.text } == ["3"])
        #expect(node("nul", tree)?.scalar?.kind == .null)
        #expect(node("flag", tree)?.scalar?.emittedText == "true")
        #expect(node("keep", tree)?.scalar?.text == "k")
    }

    @Test func filesApplyAtEveryPositionAndAreParsedOnce() throws {
        let directory = try TemporaryDirectory()
        try directory.write("a.yml", "v: a\n")
        try directory.write("b.yml", "v: b\nw: {x: 1}\n")
        try directory.write("bad.yml", "v: [\n")
        #expect(node("v", load(["a.yml", "b.yml"], in: directory).tree)?.scalar?.text == "b")
        #expect(node("v", load(["a.yml", "b.yml", "a.yml"], in: directory).tree)?.scalar?.text == "a")
        let (tree, diagnostics) = load(["bad.yml", "a.yml", "bad.yml"], in: directory)
        #expect(diagnostics.map(\.code) == ["I08"])
        #expect(node("v", tree)?.scalar?.text == "a")
        // A scalar replaces a mapping and a mapping replaces a scalar.
        try directory.write("c.yml", "w: 5\n")
        #expect(node("w", load(["b.yml", "c.yml"], in: directory).tree)?.scalar?.text == "5")
        #expect(node("w.x", load(["c.yml", "b.yml"], in: directory).tree)?.scalar?.text == "1")
    }

    @Test func coreSchemaTypingKeepsOriginalText() throws {
        let directory = try TemporaryDirectory()
        try directory.write(
            "t.yml",
            """
            yes: yes
            on: on
            quoted: "8080"
            int: 8080
            hex: 0x1F
            octal: 0o17
            float: 1.50
            inf: -.inf
            nan: .NaN
            big: 123456789012345678901234567890
            boolean: True
            tilde: ~
            empty:
            date: 2001-12-14
            forced: !!str true
            literal: |
              42

            """)
        let (tree, diagnostics) = load(["t.yml"], in: directory)
        #expect(diagnostics.isEmpty)
        let expected: [(String, ScalarKind, String)] = [
            ("yes", .string, "yes"), ("on", .string, "on"), ("quoted", .string, "8080"), ("int", .int, "8080"),
            ("hex", .int, "0x1F"), ("octal", .int, "0o17"), ("float", .float, "1.50"), ("inf", .float, "-.inf"),
            ("nan", .float, ".NaN"), ("big", .int, "123456789012345678901234567890"), ("boolean", .bool, "true"),
            ("tilde", .null, ""), ("empty", .null, ""), ("date", .string, "2001-12-14"), ("forced", .string, "true"),
            ("literal", .string, "42\n"),
        ]
        for (key, kind, emitted) in expected {
            let scalar = node("['\(key)']", tree)?.scalar
            #expect(scalar?.kind == kind, "\(key)")
            #expect(scalar?.emittedText == emitted, "\(key)")
        }
        #expect(node("boolean", tree)?.scalar?.text == "True")
    }

    @Test func duplicateKeysAreErrorsWithANote() throws {
        let directory = try TemporaryDirectory()
        try directory.write("d.yml", "a:\n  b: 1\n  c: 2\n  b: 3\n")
        try directory.write("d.json", #"{"k": 1, "k": 2}"#)
        let (tree, diagnostics) = load(["d.yml", "d.json"], in: directory)
        #expect(
            diagnostics == [
                .error(
                    "I09", "duplicate key 'b'", at: SourceLocation(path: "d.yml", line: 4, column: 3),
                    notes: [DiagnosticNote("first defined here", at: SourceLocation(path: "d.yml", line: 2, column: 3))]
                ),
                .error(
                    "I09", "duplicate key 'k'", at: SourceLocation(path: "d.json", line: 1, column: 10),
                    notes: [
                        DiagnosticNote("first defined here", at: SourceLocation(path: "d.json", line: 1, column: 2))
                    ]),
            ])
        #expect(tree == PropertyNode.emptyMapping)
    }

    @Test func topLevelMustBeOneMapping() throws {
        let directory = try TemporaryDirectory()
        try directory.write("list.yml", "- a\n- b\n")
        try directory.write("scalar.yml", "just text\n")
        try directory.write("two.yml", "a: 1\n---\nb: 2\n")
        try directory.write("empty.yml", "")
        try directory.write("marker.yml", "---\n")
        try directory.write("key.yml", "? [a, b]\n: c\n")
        let (_, diagnostics) = load(
            ["list.yml", "scalar.yml", "two.yml", "empty.yml", "marker.yml", "key.yml"], in: directory)
        let message = "a property file must contain one YAML document whose top level is a mapping"
        #expect(
            diagnostics == [
                .error("I10", message, at: SourceLocation(path: "list.yml", line: 1, column: 1)),
                .error("I10", message, at: SourceLocation(path: "scalar.yml", line: 1, column: 1)),
                .error("I10", message, at: SourceLocation(path: "two.yml", line: 2, column: 1)),
                .error(
                    "I08", "cannot parse 'key.yml': a mapping key must be a scalar",
                    at: SourceLocation(path: "key.yml", line: 1, column: 3)),
            ])
    }

    @Test func mergeKeysAndAliasesFeedTheTree() throws {
        let directory = try TemporaryDirectory()
        try directory.write("m.yml", "defaults: &d {timeout: 5, retries: 3}\nprod:\n  <<: *d\n  retries: 9\n")
        let (tree, diagnostics) = load(["m.yml"], in: directory)
        #expect(diagnostics.isEmpty)
        #expect(node("prod.timeout", tree)?.scalar?.text == "5")
        #expect(node("prod.retries", tree)?.scalar?.text == "9")
        #expect(node("prod['<<']", tree) == nil)
    }

    @Test func unreadableInputsAreDiagnosedNotFatal() throws {
        let directory = try TemporaryDirectory()
        try directory.makeDirectory("folder.yml")
        try directory.write("garbage.yml", bytes: [0x00, 0xFF, 0xC3, 0x28, 0x80])
        let (tree, diagnostics) = load(["missing.yml", "folder.yml", "garbage.yml"], in: directory)
        #expect(diagnostics.map(\.code) == ["I01", "I01", "I08"])
        #expect(diagnostics.first?.message == "cannot read 'missing.yml': No such file or directory")
        #expect(tree == PropertyNode.emptyMapping)
    }
}
