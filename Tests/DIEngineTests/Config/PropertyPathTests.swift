import Testing

@testable import DIEngine

@Suite struct PropertyPathTests {
    private func scalar(_ text: String) -> PropertyNode {
        PropertyNode(.scalar(PropertyScalar(text: text, kind: .string)))
    }

    /// server.url, list [a, b], odd keys "1", "", "with space", "x" -> {"0": zero}
    private var tree: PropertyNode {
        PropertyNode(
            .mapping([
                "server": PropertyNode(.mapping(["url": scalar("http://x"), "port": scalar("8080")])),
                "list": PropertyNode(.list([scalar("a"), PropertyNode(.mapping(["c": scalar("deep")]))])),
                "map": PropertyNode(.mapping(["1": scalar("one"), "0": scalar("zero")])),
                "": scalar("empty key"),
                "with space": scalar("spaced"),
            ]))
    }

    private func text(_ path: String) -> String? {
        if case .found(let node) = PropertyPath.lookup(path, in: tree) { return node.scalar?.text }
        return nil
    }

    @Test func dottedKeysDescendIntoMappings() {
        #expect(text("server.url") == "http://x")
        #expect(text("server..port") == "8080")
        #expect(text(".server.port.") == "8080")
        #expect(text("with space") == "spaced")
        #expect(PropertyPath.lookup("server.missing", in: tree) == .notFound)
        #expect(PropertyPath.lookup("server.url.deeper", in: tree) == .notFound)
        #expect(PropertyPath.lookup("nothing", in: tree) == .notFound)
    }

    @Test func emptyPathNamesTheWholeTree() {
        #expect(PropertyPath.lookup("", in: tree) == .found(tree))
        #expect(PropertyPath.lookup("...", in: tree) == .found(tree))
        #expect(PropertyPath.lookup("''", in: tree) == .found(tree))
    }

    @Test func quotedKeysInBracketsAndOutside() {
        #expect(text("server['url']") == "http://x")
        #expect(text("server[\"url\"]") == "http://x")
        #expect(text("'server'.port") == "8080")
        #expect(text("\"server\"[\"port\"]") == "8080")
        #expect(text("['']") == "empty key")
        #expect(text("map['1']") == "one")
        #expect(text("map.1") == "one")
        #expect(text("'ser'ver.port") == "8080")
    }

    @Test func indexesAddressListsNeverMappingKeys() {
        #expect(text("list[0]") == "a")
        #expect(text("list[1].c") == "deep")
        #expect(text("list[1]['c']") == "deep")
        #expect(text("list[+0]") == "a")
        #expect(PropertyPath.lookup("list[2]", in: tree) == .notFound)
        #expect(PropertyPath.lookup("list[-1]", in: tree) == .notFound)
        #expect(PropertyPath.lookup("list[x]", in: tree) == .notFound)
        #expect(PropertyPath.lookup("list[]", in: tree) == .notFound)
        #expect(PropertyPath.lookup("list[ 0]", in: tree) == .notFound)
        #expect(PropertyPath.lookup("map[1]", in: tree) == .notFound)
        #expect(PropertyPath.lookup("server[0]", in: tree) == .notFound)
    }

    @Test func everyMalformedReason() {
        let cases: [(String, String)] = [
            ("a.'b", "unterminated quote"),
            ("a['b]", "unterminated quote"),
            ("'a[0]", "unterminated quote"),
            ("a[0", "unterminated '['"),
            ("a]", "']' without '['"),
            ("a['b\"]", "mismatched quote"),
            ("ab'c'", "quote after key characters"),
            ("a[[0]]", "'[' inside brackets"),
            ("a[b[0]]", "'[' inside brackets"),
            ("a[0.1]", "'.' inside brackets or quotes"),
            ("'a.b'", "'.' inside brackets or quotes"),
        ]
        for (path, reason) in cases {
            #expect(PropertyPath.syntaxError(in: path) == reason, "\(path)")
            #expect(PropertyPath.lookup(path, in: tree) == .malformed(reason), "\(path)")
        }
    }

    @Test func syntaxErrorsDoNotDependOnTheData() {
        #expect(PropertyPath.lookup("missing.x[0", in: tree) == .malformed("unterminated '['"))
        #expect(PropertyPath.syntaxError(in: "a.b[0]['c'][\"d\"]") == nil)
        #expect(PropertyPath.syntaxError(in: "a..b") == nil)
        #expect(PropertyPath.syntaxError(in: "") == nil)
    }

    /// §5.5 returns the current node for an empty key at the end before checking open brackets or quotes;
    /// the build-time evaluator keeps that so it agrees with the runtime.
    @Test func emptyKeyAtEndReturnsCurrentNodeEvenInsideBrackets() {
        #expect(text("server.url[") == "http://x")
        #expect(PropertyPath.syntaxError(in: "a[") == nil)
    }
}

@Suite struct ValueConversionTests {
    private func plain(_ text: String) -> PropertyScalar {
        PropertyScalar(text: text, kind: YAMLCoreSchema.kind(ofPlain: text))
    }
    private func quoted(_ text: String) -> PropertyScalar { PropertyScalar(text: text, kind: .string) }

    @Test func specExamples() {
        #expect(ValueConversion.converts(quoted("8080"), to: "Int"))
        #expect(!ValueConversion.converts(plain("abc"), to: "Int"))
        #expect(!ValueConversion.converts(plain("300"), to: "UInt8"))
        #expect(!ValueConversion.converts(plain("maybe"), to: "Bool"))
        #expect(!ValueConversion.converts(plain("yes"), to: "Bool"))
        #expect(!ValueConversion.converts(plain("0x1F"), to: "Int"))
        #expect(!ValueConversion.converts(plain("1.0"), to: "Int"))
        #expect(!ValueConversion.converts(quoted("True"), to: "Bool"))
    }

    @Test func boolsAndIntegers() {
        #expect(ValueConversion.converts(plain("True"), to: "Bool"))
        #expect(ValueConversion.converts(plain("FALSE"), to: "Bool"))
        #expect(ValueConversion.converts(plain("1"), to: "Bool"))
        #expect(ValueConversion.converts(plain("-7"), to: "Bool"))
        #expect(ValueConversion.converts(plain("255"), to: "UInt8"))
        #expect(!ValueConversion.converts(plain("-1"), to: "UInt"))
        #expect(ValueConversion.converts(plain("+12"), to: "Int16"))
        #expect(!ValueConversion.converts(plain("128"), to: "Int8"))
        #expect(!ValueConversion.converts(plain("99999999999999999999"), to: "Int64"))
        #expect(ValueConversion.converts(plain("18446744073709551615"), to: "UInt64"))
        #expect(!ValueConversion.converts(plain("~"), to: "Int"))
    }

    @Test func floatingPointAndStrings() {
        #expect(ValueConversion.converts(plain("1.5e3"), to: "Double"))
        #expect(ValueConversion.converts(quoted("inf"), to: "Float"))
        #expect(ValueConversion.converts(quoted("0x1p3"), to: "Double"))
        #expect(ValueConversion.converts(plain("1e999"), to: "Float"))
        #expect(!ValueConversion.converts(plain(".inf"), to: "Double"))
        #expect(!ValueConversion.converts(plain("abc"), to: "Double"))
        #expect(ValueConversion.converts(plain("anything"), to: "String"))
        #expect(ValueConversion.converts(plain("null"), to: "String"))
        #expect(!ValueConversion.converts(plain("1"), to: "Character"))
        #expect(ValueConversion.supportedTypes.count == 14)
    }
}

@Suite struct DisplayPathTests {
    @Test func normalizesLexically() {
        #expect(DisplayPath.normalize("./a//b/./c/") == "a/b/c")
        #expect(DisplayPath.normalize("a/../b") == "a/../b")
        #expect(DisplayPath.normalize("./") == ".")
        #expect(DisplayPath.normalize("") == ".")
        #expect(DisplayPath.normalize("//x/./y") == "/x/y")
        #expect(DisplayPath.normalize("/") == "/")
    }

    @Test func joinsOntoTheBaseAsSpelled() {
        #expect(DisplayPath.join(".", "Sources/App") == "Sources/App")
        #expect(DisplayPath.join("sub", "./Sources") == "sub/Sources")
        #expect(DisplayPath.join("sub", "../Core") == "sub/../Core")
        #expect(DisplayPath.join("/abs/dir", "x.yml") == "/abs/dir/x.yml")
        #expect(DisplayPath.join("sub", "/etc/x") == "/etc/x")
        #expect(DisplayPath.join("", "a") == "a")
        #expect(DisplayPath.join("sub", ".") == "sub")
    }

    @Test func splitsDirectoryAndName() {
        #expect(DisplayPath.directory(of: "deli.yml") == ".")
        #expect(DisplayPath.directory(of: "./sub/deli.yml") == "sub")
        #expect(DisplayPath.directory(of: "/deli.yml") == "/")
        #expect(DisplayPath.directory(of: "../x/deli.yml") == "../x")
        #expect(DisplayPath.lastComponent(of: "a/b/C.swift") == "C.swift")
    }
}
