import Testing

@testable import DIEngine

/// Renaming the files of extensions written through typealiases must leave the table that building it
/// with the extensions written as the types they extend gives: the moved declarations in input order
/// among each entry's, entries emptied removed, kinds those of the first own declarations.
@Suite struct TypeTableRenameTests {
    /// Files whose extensions name `Backend` (a typealias of `DiskStore`) among own types, nested types and
    /// extensions of other types; `written` as given or with `Backend` replaced by `DiskStore`.
    static func sources(files: Int, resolved: Bool) -> [(path: String, text: String)] {
        let backend = resolved ? "DiskStore" : "Backend"
        var sources: [(path: String, text: String)] = []
        for file in 0..<files {
            var text = "struct Own\(file) {}\n"
            if file % 3 == 0 { text += "extension \(backend) { struct Inner\(file) {} }\n" }
            text += "extension Own\(max(0, file - 1)) {}\n"
            if file % 2 == 1 { text += "extension \(backend): Equatable {}\nextension \(backend).Inner0 {}\n" }
            if file == files / 2 { text += "final class DiskStore {}\ntypealias Backend = DiskStore\n" }
            if file == files / 2 + 1 { text += "enum Inner0 {}\nextension \(backend) { typealias Key = Int }\n" }
            sources.append(("F\(file).swift", text))
        }
        return sources
    }

    @Test(arguments: [4, 9, 40])
    func renamingLeavesTheTableOfTheResolvedNames(files: Int) throws {
        let renamed = TypeTableTests.table(Self.sources(files: files, resolved: false))
        let written = TypeTableTests.table(Self.sources(files: files, resolved: true))
        #expect(!renamed.aliasExtensions.isEmpty && written.aliasExtensions.isEmpty)
        #expect(Set(renamed.entries.keys) == Set(written.entries.keys))
        for name in written.entries.keys {
            let (a, b) = (renamed.entries[name], written.entries[name])
            #expect(a.map { Array($0.primaries) } == b.map { Array($0.primaries) }, "\(name)")
            #expect(a.map { Array($0.extensions) } == b.map { Array($0.extensions) }, "\(name)")
            #expect(a?.kind == b?.kind, "\(name)")
        }
        for file in 0..<files {
            #expect(renamed.typeName.names(inFile: file) == written.typeName.names(inFile: file), "F\(file)")
            #expect(renamed.enclosingScope.names(inFile: file) == written.enclosingScope.names(inFile: file))
        }
        let store = try #require(renamed.entries["DiskStore"])
        #expect(store.kind == .class)
        #expect(store.extensions.count == files / 2 + (files + 2) / 3 + 1)
        #expect(renamed.entries["Backend"] == nil)
        #expect(renamed.aliases["DiskStore.Key"]?.file == files / 2 + 1)
    }
}
