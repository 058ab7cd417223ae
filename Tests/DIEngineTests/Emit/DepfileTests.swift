import Testing

@testable import DIEngine

@Suite struct DepfileTests {
    @Test func specExample() {
        let rendering = Depfile.render(
            target: "build/AppFactory.swift",
            dependencies: [
                "deli.yml", "Sources/App/UserService.swift", "Sources/App", "Sources/App/Feature One/Login.swift",
                "Config/application-dev.yml", "Sources/App/Feature One",
            ])
        #expect(
            rendering.text == """
                build/AppFactory.swift: \\
                  Config/application-dev.yml \\
                  Sources/App \\
                  Sources/App/Feature\\ One \\
                  Sources/App/Feature\\ One/Login.swift \\
                  Sources/App/UserService.swift \\
                  deli.yml

                """)
        #expect(rendering.diagnostics.isEmpty)
    }

    @Test func emptyDependencyListIsATargetWithAColon() {
        #expect(Depfile.render(target: "out/x.swift", dependencies: []).text == "out/x.swift:\n")
        #expect(Depfile.render(target: "out/x.swift", dependencies: [], phony: true).text == "out/x.swift:\n")
    }

    @Test func sortedByUnescapedBytesAndDeduplicated() {
        // Unescaped, "a b" (0x20) sorts before "a#" (0x23), "a$" (0x24) and "a-" (0x2D); escaped it would not.
        let rendering = Depfile.render(target: "t", dependencies: ["a-", "a$", "a b", "a#", "a-", "B", "a b"])
        #expect(rendering.listed == ["B", "a b", "a#", "a$", "a-"])
        #expect(rendering.text == "t: \\\n  B \\\n  a\\ b \\\n  a\\# \\\n  a$$ \\\n  a-\n")
    }

    @Test func escaping() {
        #expect(Depfile.escape("Feature One/a b.swift") == "Feature\\ One/a\\ b.swift")
        #expect(Depfile.escape("issue#12.swift") == "issue\\#12.swift")
        #expect(Depfile.escape("$price.swift") == "$$price.swift")
        // Backslashes right before a space are doubled; other backslashes stay as they are.
        #expect(Depfile.escape("a\\ b") == "a\\\\\\ b")
        #expect(Depfile.escape("a\\\\ b") == "a\\\\\\\\\\ b")
        #expect(Depfile.escape("a\\b") == "a\\b")
        #expect(Depfile.escape("päth/ünïcode.swift") == "päth/ünïcode.swift")
    }

    @Test func targetIsEscapedToo() {
        let rendering = Depfile.render(target: "out dir/$x#.swift", dependencies: ["a"])
        #expect(rendering.text == "out\\ dir/$$x\\#.swift: \\\n  a\n")
        #expect(Depfile.render(target: "gen\\ x", dependencies: []).text == "gen\\\\\\ x:\n")
    }

    @Test func phonyRulesFollowAnEmptyLine() {
        let rendering = Depfile.render(
            target: "build/App.stamp", dependencies: ["deli.yml", "Sources/A b.swift"], phony: true)
        #expect(
            rendering.text == """
                build/App.stamp: \\
                  Sources/A\\ b.swift \\
                  deli.yml

                Sources/A\\ b.swift:
                deli.yml:

                """)
    }

    @Test func newlineInAPathIsErrorO05() {
        let rendering = Depfile.render(target: "t", dependencies: ["ok.swift", "bad\nname.swift"])
        #expect(
            rendering.diagnostics == [
                .error("O05", "path 'bad\nname.swift' contains a newline and cannot be listed in a depfile")
            ])
        #expect(rendering.listed == ["ok.swift"])
    }

    @Test func unreadableBytesListTheParentDirectoryWithO06() {
        let rendering = Depfile.render(
            target: "t",
            dependencies: ["Sources/App/what?.swift", "Sources/App/ok.swift", "x|y.swift", "a*/b[1]/c.swift"])
        #expect(rendering.listed == [".", "Sources/App", "Sources/App/ok.swift"])
        #expect(
            rendering.diagnostics == [
                .warning(
                    "O06",
                    "path 'Sources/App/what?.swift' contains characters that Ninja or Make cannot read in a depfile; listing 'Sources/App' instead"
                ),
                .warning(
                    "O06",
                    "path 'x|y.swift' contains characters that Ninja or Make cannot read in a depfile; listing '.' instead"
                ),
                .warning(
                    "O06",
                    "path 'a*/b[1]/c.swift' contains characters that Ninja or Make cannot read in a depfile; listing '.' instead"
                ),
            ])
        for unsafe in ["a\tb", "a;b", "a<b", "a>b", "a\"b", "a'b", "a&b", "a\\b", "a\rb"] {
            #expect(!Depfile.isReadable(unsafe), "\(unsafe)")
        }
        #expect(Depfile.isReadable("/abs/+,_:.~(){}%=@!-/x y#$/ü.swift"))
        #expect(Depfile.render(target: "t", dependencies: ["/abs/x?.swift"]).listed == ["/abs"])
    }
}

@Suite struct DepfileBytesTests {
    /// The depfile as it was spelled from escaped strings before it was written as bytes.
    private static func textRule(target: String, dependencies: [String], phony: Bool) -> String {
        var text = Depfile.escape(target) + ":"
        for dependency in dependencies { text += " \\\n  " + Depfile.escape(dependency) }
        text += "\n"
        if phony && !dependencies.isEmpty {
            text += "\n"
            for dependency in dependencies { text += Depfile.escape(dependency) + ":\n" }
        }
        return text
    }

    @Test(arguments: [false, true]) func theBytesAreTheEscapedTextRule(phony: Bool) {
        let paths = ["a b/c", "x\\ y", "x\\\\ y#z", "$HOME", "é/ü ö", "plain/path.swift", "a\\b", "Ω$#"]
        let rendering = Depfile.render(target: "out dir/F#1.swift", dependencies: paths, phony: phony)
        #expect(
            rendering.text == Self.textRule(target: "out dir/F#1.swift", dependencies: rendering.listed, phony: phony))
        #expect(rendering.bytes == Array(rendering.text.utf8))
    }
}
