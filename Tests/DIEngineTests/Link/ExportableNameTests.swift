import Testing

@testable import DIEngine

/// Export links skip generic names: the byte search that comes first must not change which names those are.
@Suite struct ExportableNameTests {
    @Test func genericNamesAreThoseHoldingTheCharacterLessThan() {
        let names = ["P", "Feature.Service", "Box<Int>", "<", "A<\u{338}B", "Ünïcode", "Array<Box<P>>", ""]
        for name in names {
            let expected =
                !DINames.protocols.contains(name) && !LinkNames.notExported.contains(name) && !name.contains("<")
            #expect(LinkResolution.isExportableName(name) == expected, "\(name)")
        }
        // A `<` with a combining mark is another character: the name is not generic.
        #expect(LinkResolution.isExportableName("A<\u{338}B"))
        #expect(!LinkResolution.isExportableName("Box<Int>"))
    }
}
