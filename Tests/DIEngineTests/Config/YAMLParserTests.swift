import Foundation
import TestSupport
import Testing

@testable import DIEngine

@Suite struct YAMLParserTests {
    private func parse(_ text: String, path: String = "f.yml") throws -> YAMLNode {
        let node = try YAMLParser.parse(Array(text.utf8), path: path).get()
        return try #require(node)
    }

    private func failure(_ text: String, path: String = "f.yml") -> YAMLLoadError? {
        failure(bytes: Array(text.utf8), path: path)
    }

    private func failure(bytes: [UInt8], path: String = "f.yml") -> YAMLLoadError? {
        if case .failure(let error) = YAMLParser.parse(bytes, path: path) { return error }
        return nil
    }

    private func pairs(_ node: YAMLNode) -> [YAMLNode.Pair] {
        if case .mapping(let pairs) = node.value { return pairs }
        return []
    }

    private func value(_ node: YAMLNode, _ key: String) -> YAMLNode? {
        pairs(node).first { $0.key.scalar?.text == key }?.value
    }

    @Test func marksAreOneBasedWithByteColumns() throws {
        let root = try parse("server:\n  url: \"http://x\"\n  list:\n    - a\n    - é: b\n")
        let key = try #require(pairs(root).first?.key)
        #expect((key.line, key.column) == (1, 1))
        let server = try #require(value(root, "server"))
        #expect((server.line, server.column) == (2, 3))
        let url = try #require(value(server, "url"))
        #expect((url.line, url.column) == (2, 8))
        guard case .sequence(let items) = try #require(value(server, "list")).value else {
            Issue.record("list is not a sequence")
            return
        }
        #expect((items[0].line, items[0].column) == (4, 7))
        let accented = try #require(pairs(items[1]).first)
        #expect((accented.key.line, accented.key.column) == (5, 7))
        #expect((accented.value.line, accented.value.column) == (5, 11))
    }

    @Test func everyScalarStyleKeepsTextStyleAndTag() throws {
        let root = try parse(
            """
            plain: 8080
            single: 'it''s'
            double: "tab\\there"
            literal: |
              line1
              line2
            folded: >
              a
              b
            forced: !!str 123
            custom: !thing yes
            """)
        let expected: [(String, String, YAMLScalarStyle, ScalarKind)] = [
            ("plain", "8080", .plain, .int),
            ("single", "it's", .singleQuoted, .string),
            ("double", "tab\there", .doubleQuoted, .string),
            ("literal", "line1\nline2\n", .literal, .string),
            ("folded", "a b\n", .folded, .string),
            ("forced", "123", .plain, .string),
            ("custom", "yes", .plain, .string),
        ]
        for (key, text, style, kind) in expected {
            let scalar = try #require(value(root, key)?.scalar, "\(key)")
            #expect(scalar.text == text, "\(key)")
            #expect(scalar.style == style, "\(key)")
            #expect(scalar.kind == kind, "\(key)")
        }
        #expect(value(root, "forced")?.scalar?.tag == "tag:yaml.org,2002:str")
        #expect(value(root, "custom")?.scalar?.tag == "!thing")
        #expect(value(root, "plain")?.scalar?.tag == nil)
    }

    @Test func anchorsAndAliasesAreExpandedAtTheAliasPosition() throws {
        let root = try parse("base: &b\n  x: 1\n  y: [a, b]\ncopy: *b\n")
        let base = try #require(value(root, "base"))
        let copy = try #require(value(root, "copy"))
        #expect(copy.value == base.value)
        #expect((copy.line, copy.column) == (4, 7))
        #expect(
            failure("a: *nowhere\n")
                == .invalid(path: "f.yml", problem: "found undefined alias 'nowhere'", line: 1, column: 4))
    }

    @Test func aSelfReferencingAnchorIsAnUndefinedAlias() {
        #expect(
            failure("a: &x [1, *x]\n")
                == .invalid(path: "f.yml", problem: "found undefined alias 'x'", line: 1, column: 11))
    }

    @Test func aliasBombIsRejectedQuickly() throws {
        var lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
        for level in 1...9 {
            let previous = Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
            lines.append("a\(level): &a\(level) [\(previous)]")
        }
        let clock = ContinuousClock()
        let start = clock.now
        let error = failure(lines.joined(separator: "\n") + "\n")
        #expect(clock.now - start < .seconds(5))
        guard case .invalid(_, let problem, let line, _)? = error else {
            Issue.record("expected an error, got \(String(describing: error))")
            return
        }
        #expect(problem == "more than 1000000 nodes after expanding aliases")
        #expect(line == 6)  // a5 is the first level above a million nodes (1 + 10 × 111111)
    }

    /// Without aliases the node limit is still the limit, and the message does not blame aliases.
    @Test func aLargeFileWithoutAliasesNamesTheNodeLimit() throws {
        let text = "a: [" + String(repeating: "1,", count: YAMLParser.maximumNodeCount) + "1]\n"
        guard case .invalid(_, let problem, _, _)? = failure(text) else {
            Issue.record("expected an error")
            return
        }
        #expect(problem == "more than 1000000 nodes, the limit for one file")
    }

    @Test func mergeKeysOwnKeysWinThenEarlierMerges() throws {
        let root = try parse(
            """
            a: &a {x: 1, y: 1, z: 1}
            b: &b {y: 2, w: 2}
            one:
              <<: *a
              x: own
            many:
              <<: [*b, *a]
            quoted:
              "<<": *a
            """)
        let one = try #require(value(root, "one"))
        #expect(pairs(one).map { $0.key.scalar?.text } == ["x", "y", "z"])
        #expect(value(one, "x")?.scalar?.text == "own")
        let many = try #require(value(root, "many"))
        #expect(pairs(many).map { $0.key.scalar?.text } == ["y", "w", "x", "z"])
        #expect(value(many, "y")?.scalar?.text == "2")
        #expect(value(try #require(value(root, "quoted")), "<<") != nil)
        #expect(
            failure("m:\n  <<: plain\n")
                == .invalid(
                    path: "f.yml", problem: "a '<<' merge key needs a mapping or a list of mappings", line: 2, column: 7
                ))
    }

    @Test func syntaxErrorsCarryLibyamlProblemAndPosition() {
        #expect(
            failure("a: b\n  c: d\n")
                == .invalid(
                    path: "f.yml", problem: "mapping values are not allowed in this context", line: 2, column: 4))
        #expect(
            failure("é: [1, 2\n")
                == .invalid(path: "f.yml", problem: "did not find expected ',' or ']'", line: 2, column: 1))
        let diagnostic = failure("x: \"unterminated\n")?.diagnostic
        #expect(diagnostic?.code == "I08")
        #expect(diagnostic?.message == "cannot parse 'f.yml': found unexpected end of stream")
        #expect(diagnostic?.location == SourceLocation(path: "f.yml", line: 2, column: 1))
    }

    @Test func multipleDocumentsAreRejected() {
        let error = failure("a: 1\n---\nb: 2\n")
        #expect(error == .multipleDocuments(path: "f.yml", line: 2, column: 1))
        #expect(error?.diagnostic.message == "cannot parse 'f.yml': expected a single document but found another")
    }

    @Test func emptyInputHasNoDocument() throws {
        for text in ["", "   \n", "# only a comment\n"] {
            #expect(try YAMLParser.parse(Array(text.utf8), path: "f.yml").get() == nil)
        }
    }

    @Test func invalidUTF8AndBinaryGarbageFailCleanly() {
        let invalid = failure(bytes: Array("a: 1\nb: x".utf8) + [0xFF, 0xFE, 0x0A])
        #expect(invalid == .invalid(path: "f.yml", problem: "invalid leading UTF-8 octet", line: 2, column: 5))
        // A fixed linear congruential sequence, so a failure is reproducible.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<50 {
            let garbage = (0..<512).map { _ -> UInt8 in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return UInt8(truncatingIfNeeded: state >> 56)
            }
            if case .success = YAMLParser.parse(garbage, path: "g.bin") { Issue.record("garbage parsed") }
        }
        let nul = failure(bytes: [0x61, 0x3A, 0x20, 0x00])
        #expect(nul?.diagnostic.code == "I08")
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000)
        #expect(
            failure(deep) == .invalid(path: "f.yml", problem: "nesting deeper than 1000 levels", line: 1, column: 1001))
    }

    /// Columns on one long line (minified JSON) are computed incrementally; walking from the line start
    /// for every node would take minutes here.
    @Test func longSingleLineKeepsExactByteColumnsQuickly() throws {
        let entries = (0..<20000).map { "\"é\($0)\": \($0)" }
        let text = "{" + entries.joined(separator: ", ") + "}"
        let clock = ContinuousClock()
        let start = clock.now
        let root = try parse(text, path: "min.json")
        #expect(clock.now - start < .seconds(20))
        let last = try #require(pairs(root).last)
        let prefix = "{" + entries.dropLast().joined(separator: ", ") + ", "
        #expect((last.key.line, last.key.column) == (1, prefix.utf8.count + 1))
        #expect(last.value.column == prefix.utf8.count + "\"é19999\": ".utf8.count + 1)
    }

    @Test func utf16WithByteOrderMarkIsTranscoded() throws {
        let bytes: [UInt8] = [0xFF, 0xFE] + "k: é".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let root = try #require(try YAMLParser.parse(bytes, path: "f.yml").get())
        #expect(value(root, "k")?.scalar?.text == "é")
    }
}

@Suite struct YAMLFileTests {
    @Test func readsRelativeToTheGivenDirectoryAndReportsDisplayPaths() throws {
        let directory = try TemporaryDirectory()
        try directory.write("sub/a.yml", "k: v\n  bad: x\n")
        let error: YAMLLoadError? =
            if case .failure(let error) = YAMLParser.parseFile("sub/a.yml", currentDirectory: directory.path) {
                error
            } else { nil }
        #expect(error?.diagnostic.location?.path == "sub/a.yml")
    }

    @Test func missingFileAndDirectoryAreUnreadable() throws {
        let directory = try TemporaryDirectory()
        try directory.makeDirectory("dir.yml")
        #expect(
            failure("missing.yml", in: directory)
                == .unreadable(path: "missing.yml", reason: "No such file or directory"))
        #expect(failure("dir.yml", in: directory) == .unreadable(path: "dir.yml", reason: "Is a directory"))
        #expect(
            failure("dir.yml", in: directory)?.diagnostic.message == "cannot read 'dir.yml': Is a directory")
        #expect(failure("dir.yml", in: directory)?.diagnostic.location == nil)
    }

    /// Root reads a mode-000 file anyway, so this case can only be checked as an ordinary user.
    @Test(.enabled(if: geteuid() != 0, "root can read files with mode 000"))
    func unreadableFileIsReported() throws {
        let directory = try TemporaryDirectory()
        let full = try directory.write("secret.yml", "a: 1\n")
        chmod(full, 0)
        defer { chmod(full, 0o644) }
        #expect(failure("secret.yml", in: directory) == .unreadable(path: "secret.yml", reason: "Permission denied"))
    }

    /// Works as root too: `/proc/self/mem` opens but reading its first page fails.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/mem")))
    func fileThatOpensButCannotBeReadIsReported() {
        let error = failure("/proc/self/mem", in: nil)
        #expect(error == .unreadable(path: "/proc/self/mem", reason: "Input/output error"))
    }

    @Test func jsonSurrogatePairsAreRewritten() throws {
        let directory = try TemporaryDirectory()
        try directory.write("p.json", #"{"emoji": "\uD83D\uDE00!", "escaped": "\\uD83D\\uDE00", "bmp": "\u00e9"}"#)
        let root = try #require(try YAMLParser.parseFile("p.json", currentDirectory: directory.path).get())
        guard case .mapping(let pairs) = root.value else {
            Issue.record("not a mapping")
            return
        }
        let texts = Dictionary(
            uniqueKeysWithValues: pairs.map { ($0.key.scalar?.text ?? "", $0.value.scalar?.text ?? "") })
        #expect(texts["emoji"] == "😀!")
        #expect(texts["escaped"] == #"\uD83D\uDE00"#)
        #expect(texts["bmp"] == "é")
    }

    @Test func loneSurrogateAndYAMLFilesAreNotRewritten() throws {
        let directory = try TemporaryDirectory()
        try directory.write("lone.json", #"{"a": "\uD83D"}"#)
        try directory.write("pair.yml", #"{"a": "\uD83D\uDE00"}"#)
        #expect(failure("lone.json", in: directory)?.diagnostic.code == "I08")
        #expect(failure("pair.yml", in: directory)?.diagnostic.code == "I08")
    }

    private func failure(_ path: String, in directory: TemporaryDirectory?) -> YAMLLoadError? {
        if case .failure(let error) = YAMLParser.parseFile(path, currentDirectory: directory?.path) { return error }
        return nil
    }
}
