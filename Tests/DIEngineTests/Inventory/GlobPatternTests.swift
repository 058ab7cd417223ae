import Testing

@testable import DIEngine

@Suite struct GlobPatternTests {
    private func matches(_ pattern: String, _ path: String) -> Bool {
        GlobPattern(base: "/", text: pattern).matches(path.split(separator: "/"))
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
        #expect(pattern.matches("/work/p/Sources/App/Mocks".split(separator: "/")))
        #expect(pattern.isAbsolute)
    }
}
