import DIRuntime
import Testing

final class BasePropertyFactory: ModuleFactory {
    override func load(context: AppContext) {
        loadProperty([
            "flags": [
                "int1": "1",
                "int2": "2",
                "no": "false",
                "quotedTrue": "True",
                "yes": "true",
                "yesWord": "yes",
                "zero": "0",
            ],
            "numbers": [
                "big": "9223372036854775808",
                "float": "1.5e3",
                "hex": "0x1F",
                "inf": "inf",
                "int": "-42",
                "u8": "255",
                "u8over": "300",
                "withDot": "1.0",
            ],
            "server": [
                "hosts": [
                    "a.example",
                    [
                        "name": "b.example"
                    ],
                ],
                "port": "8080",
                "url": "http://x",
            ],
            "weird": [
                "1": "one",
                "with space": "spaced",
            ],
        ])
    }
}

/// Loaded after `BasePropertyFactory`'s `load`, into the same factory: exercises the deep merge.
final class MergedPropertyFactory: ModuleFactory {
    override func load(context: AppContext) {
        loadProperty([
            "server": [
                "port": "9090",
                "url": "http://x",
            ]
        ])
        loadProperty([
            "server": [
                "port": "9091",
                "tls": [
                    "enabled": "true"
                ],
            ]
        ])
    }
}

@Suite struct PropertyTests {
    let context = AppContext()

    init() {
        context.load([BasePropertyFactory.self])
    }

    @Test func nestedLiteralsAreMappingsAndLists() throws {
        #expect(context.getProperty("server.url", type: String.self) == "http://x")
        #expect(context.getProperty("server.hosts[0]", type: String.self) == "a.example")
        #expect(context.getProperty("server.hosts[1].name", type: String.self) == "b.example")
        #expect(context.getProperty("server.hosts[1]['name']", type: String.self) == "b.example")
        #expect(context.getProperty("server[\"port\"]", type: Int.self) == 8080)
        let server = try #require(context.getProperty("server") as? [String: Any])
        #expect(server.keys.sorted() == ["hosts", "port", "url"])
        // A mapping or a list is not a String.
        #expect(context.getProperty("server", type: String.self) == nil)
        #expect(context.getProperty("server.hosts", type: String.self) == nil)
        #expect(context.getProperty("server.missing") == nil)
    }

    @Test func factoryPropertiesDeepMerge() {
        let merged = AppContext()
        merged.load([MergedPropertyFactory.self])
        #expect(merged.getProperty("server.port", type: Int.self) == 9091)
        #expect(merged.getProperty("server.url", type: String.self) == "http://x")
        #expect(merged.getProperty("server.tls.enabled", type: Bool.self) == true)
    }

    @Test func contextPropertiesComeFirstAndReplaceEachOther() {
        let layered = AppContext()
        layered.load([BasePropertyFactory.self])
        layered.loadProperty(["server": ["port": "1"]])
        #expect(layered.getProperty("server.port", type: Int.self) == 1)
        // Not merged with the factory's mapping: the first root that has the path answers.
        #expect(layered.getProperty("server.url", type: String.self) == "http://x")
        layered.loadProperty(["other": "x"])
        #expect(layered.getProperty("server.port", type: Int.self) == 8080)
        #expect(layered.getProperty("other", type: String.self) == "x")
    }

    @Test func factoriesAreSearchedInPriorityOrder() {
        let layered = AppContext()
        layered.load([BasePropertyFactory.self])
        layered.load([MergedPropertyFactory.self], priority: .high)
        #expect(layered.getProperty("server.port", type: Int.self) == 9091)
        #expect(
            layered.getProperty("server.port", type: Int.self, resolveRole: .custom { Array($0.suffix(1)) }) == 8080)
        #expect(layered.getProperty("numbers.int", type: Int.self, resolveRole: .default) == nil)
        #expect(layered.getProperty("numbers.int", type: Int.self) == -42)
    }

    @Test(arguments: [
        ("flags.yes", true), ("flags.no", false), ("flags.int1", true), ("flags.int2", false), ("flags.zero", false),
    ])
    func boolConvertsTrueFalseOrIntegers(path: String, expected: Bool) {
        #expect(context.getProperty(path, type: Bool.self) == expected)
    }

    @Test(arguments: ["flags.yesWord", "flags.quotedTrue", "numbers.withDot", "server"])
    func boolRejectsOtherText(path: String) {
        #expect(context.getProperty(path, type: Bool.self) == nil)
    }

    @Test func integersConvertInRangeDecimalsOnly() {
        #expect(context.getProperty("numbers.int", type: Int.self) == -42)
        #expect(context.getProperty("numbers.int", type: Int8.self) == -42)
        #expect(context.getProperty("numbers.int", type: Int16.self) == -42)
        #expect(context.getProperty("numbers.int", type: Int32.self) == -42)
        #expect(context.getProperty("numbers.int", type: Int64.self) == -42)
        #expect(context.getProperty("numbers.int", type: UInt.self) == nil)
        #expect(context.getProperty("numbers.u8", type: UInt8.self) == 255)
        #expect(context.getProperty("numbers.u8", type: UInt16.self) == 255)
        #expect(context.getProperty("numbers.u8", type: UInt32.self) == 255)
        #expect(context.getProperty("numbers.u8", type: UInt64.self) == 255)
        #expect(context.getProperty("numbers.u8", type: UInt.self) == 255)
        #expect(context.getProperty("numbers.u8", type: Int8.self) == nil)
        #expect(context.getProperty("numbers.u8over", type: UInt8.self) == nil)
        #expect(context.getProperty("numbers.big", type: Int64.self) == nil)
        #expect(context.getProperty("numbers.big", type: UInt64.self) == 9_223_372_036_854_775_808)
        #expect(context.getProperty("numbers.hex", type: Int.self) == nil)
        #expect(context.getProperty("numbers.withDot", type: Int.self) == nil)
        #expect(context.getProperty("server.url", type: Int.self) == nil)
    }

    @Test func floatingPointUsesStandardConversion() throws {
        #expect(context.getProperty("numbers.float", type: Double.self) == 1500)
        #expect(context.getProperty("numbers.float", type: Float.self) == 1500)
        #expect(context.getProperty("numbers.int", type: Double.self) == -42)
        #expect(context.getProperty("numbers.hex", type: Double.self) == 31)
        #expect(context.getProperty("numbers.inf", type: Double.self) == .infinity)
        #expect(context.getProperty("server.url", type: Double.self) == nil)
    }

    @Test func handWrittenScalarsConvertFromTheirText() {
        let handWritten = AppContext()
        handWritten.loadProperty(["port": 8080, "debug": true, "ratio": 0.5])
        #expect(handWritten.getProperty("port", type: Int.self) == 8080)
        #expect(handWritten.getProperty("port", type: String.self) == "8080")
        #expect(handWritten.getProperty("debug", type: Bool.self) == true)
        #expect(handWritten.getProperty("ratio", type: Double.self) == 0.5)
    }

    @Test(arguments: [
        ("server..url", "http://x"),
        (".server.url", "http://x"),
        ("server.url.", "http://x"),
        ("'server'.url", "http://x"),
        ("\"server\"['url']", "http://x"),
        ("['server'][\"url\"]", "http://x"),
        ("server['url']", "http://x"),
        ("weird.with space", "spaced"),
        ("weird['1']", "one"),
        ("weird.1", "one"),
        ("server.hosts[+0]", "a.example"),
    ])
    func wellFormedPathsFindValues(path: String, expected: String) {
        #expect(context.getProperty(path, type: String.self) == expected)
    }

    @Test(arguments: [
        "server.'url",  // unterminated quote
        "server'.url",  // quote after key text
        "'server\".url",  // mismatched quote
        "server[url",  // unterminated bracket
        "server.hosts[0",  // unterminated bracket
        "server]",  // ] without [
        "server[[0]]",  // nested bracket
        "server['u.rl']",  // '.' inside quotes
        "server.hosts[0.name]",  // '.' inside brackets
        "server'url'",  // quote after key text
    ])
    func malformedPathsGiveNil(path: String) {
        #expect(context.getProperty(path) == nil)
    }

    @Test(arguments: [
        "server.hosts[2]",  // out of range
        "server.hosts[-1]",  // negative
        "server.hosts[x]",  // not an index
        "server.hosts[]",  // empty index
        "weird[1]",  // an index never names a mapping key
        "server.url.x",  // below a scalar
        "server.hosts.0",  // a key never indexes a list
    ])
    func pathsThatNameNothingGiveNil(path: String) {
        #expect(context.getProperty(path) == nil)
    }

    @Test func emptyPathNamesTheWholeTree() throws {
        let root = try #require(context.getProperty("") as? [String: Any])
        #expect(root.keys.sorted() == ["flags", "numbers", "server", "weird"])
    }
}
