import Testing

@testable import DIEngine

@Suite struct GlobPatternTests {
    private func matches(_ pattern: String, _ path: String) -> Bool {
        GlobPattern(base: "/", text: pattern).matches(absolutePath: path)
    }

    @Test func starAndQuestionMarkStayWithinOneComponent() {
        #expect(matches("/a/*.swift", "/a/B.swift"))
        #expect(!matches("/a/*.swift", "/a/b/B.swift"))
        #expect(matches("/a/?.swift", "/a/é.swift"))
        #expect(!matches("/a/?.swift", "/a/ab.swift"))
        #expect(matches("/a/*b*c", "/a/xbybzc"))
        #expect(!matches("/a/*b*c", "/a/xbybzcd"))
    }

    @Test func doubleStarSpansZeroOrMoreVisibleLevels() {
        #expect(matches("/a/**/x.swift", "/a/x.swift"))
        #expect(matches("/a/**/x.swift", "/a/b/c/x.swift"))
        #expect(!matches("/a/**/x.swift", "/a/.git/x.swift"))
        #expect(matches("/a/**/**/x.swift", "/a/b/x.swift"))
        #expect(matches("/a/**", "/a"))
    }

    @Test func hiddenNamesNeedADotInThePattern() {
        #expect(!matches("/a/*", "/a/.env"))
        #expect(matches("/a/.*", "/a/.env"))
        #expect(matches("/a/.env", "/a/.env"))
    }

    @Test func absoluteFormResolvesParentComponents() {
        let pattern = GlobPattern(base: "Config/../Sources", text: "*/Mocks").absolute(currentDirectory: "/work/p")
        #expect(pattern.matches(absolutePath: "/work/p/Sources/App/Mocks"))
        #expect(!pattern.matches(absolutePath: "/work/p/Config/App/Mocks"))
        #expect(pattern.isAbsolute)
    }

    @Test func ancestorsCountForSubtreeExclusion() {
        let pattern = GlobPattern(base: "/p", text: "**/Mocks")
        #expect(pattern.matchesPathOrAncestor(absolutePath: "/p/App/Mocks/Deep/Fake.swift"))
        #expect(!pattern.matches(absolutePath: "/p/App/Mocks/Deep/Fake.swift"))
        #expect(!pattern.matchesPathOrAncestor(absolutePath: "/p/App/MocksData/Fake.swift"))
        #expect(!GlobPattern(base: "/", text: "p/*").matchesPathOrAncestor(absolutePath: "/"))
    }
}
