import Testing

@testable import DIEngine

/// `annotations.md` §3 steps 1–2 on types as written.
@Suite struct ScanTypeReferenceTests {
    private func reference(_ written: String) -> TypeReference { TypeReferenceParser.reference(forWritten: written) }

    @Test func plainNamesKeepGenericsAndDots() {
        #expect(reference("Logger") == TypeReference(written: "Logger", name: "Logger"))
        #expect(reference("Outer.Inner").name == "Outer.Inner")
        #expect(reference("Box<Foo>").name == "Box<Foo>")
        #expect(reference("any Logger") == TypeReference(written: "any Logger", name: "Logger"))
        #expect(reference("(Logger)").name == "Logger")
    }

    @Test func arraysAndOptionals() {
        #expect(reference("[Book]") == TypeReference(written: "[Book]", name: "Book", isArray: true))
        #expect(reference("Array<Book>") == TypeReference(written: "Array<Book>", name: "Book", isArray: true))
        #expect(reference("Swift.Array<any Book>").name == "Book")
        #expect(reference("[any Book]").name == "Book")
        #expect(reference("Int?") == TypeReference(written: "Int?", name: "Int", isOptional: true))
        #expect(reference("Int!").isOptional)
        #expect(reference("Optional<Int>") == TypeReference(written: "Optional<Int>", name: "Int", isOptional: true))
        #expect(reference("(any Logger)?").name == "Logger")
        #expect(
            reference("[Book]?") == TypeReference(written: "[Book]?", name: "Book", isArray: true, isOptional: true))
    }

    @Test func everythingElseIsUnsupported() {
        let unsupported = [
            "[String:Int]", "Dictionary<String,Int>", "[[Book]]", "Array<[Book]>", "[Book?]", "Int??", "(A,B)", "()",
            "(Int)->Void", "()async throws->Int", "some Logger", "inout Int", "@escaping ()->Void", "A&B", "Foo.Type",
            "Int...", "",
        ]
        for written in unsupported {
            let result = reference(written)
            #expect(result.isUnsupported && result.name.isEmpty, "\(written) → \(result)")
        }
    }
}
