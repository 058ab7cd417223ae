import Testing

@testable import DIEngine

@Suite struct SwiftStringLiteralTests {
    @Test func escapesExactlyTheCharactersOfConfigSection53() {
        #expect(SwiftStringLiteral.body("a\\b\"c") == "a\\\\b\\\"c")
        #expect(SwiftStringLiteral.body("\n\r\t\0") == "\\n\\r\\t\\0")
        #expect(SwiftStringLiteral.body("\u{1}\u{1F}\u{7F}\u{85}") == "\\u{01}\\u{1F}\\u{7F}\\u{85}")
        #expect(SwiftStringLiteral.body("\\(x)") == "\\\\(x)")
        #expect(SwiftStringLiteral.body("Fábrica – 日本 🙂") == "Fábrica – 日本 🙂")
        #expect(SwiftStringLiteral.quoted("") == "\"\"")
    }
}
