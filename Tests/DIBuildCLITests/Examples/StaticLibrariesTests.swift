import Foundation
import TestSupport
import Testing

/// Plugins/ArtifactBundle/static-libraries.sh, which `make artifactbundle` and bench/run.sh put first in
/// `PKG_CONFIG_PATH`: a program linked with the flags pkg-config then gives carries libyaml and
/// libxxhash inside it (no shared object of theirs for the dynamic loader) and still works.
@Suite struct StaticLibrariesTests {
    private static let script = ExampleTemplate.repositoryRoot + "/Plugins/ArtifactBundle/static-libraries.sh"

    @Test func linkedProgramNeedsNoSharedYAMLOrXXHash() throws {
        let directory = try TemporaryDirectory(prefix: "static-libraries")
        for package in ["yaml-0.1", "libxxhash"] {
            let libdir = try Shell.run(["pkg-config", "--variable=libdir", package]).output
                .trimmingCharacters(in: .whitespacesAndNewlines)
            let archive = libdir + (package == "yaml-0.1" ? "/libyaml.a" : "/libxxhash.a")
            try #require(FileManager.default.fileExists(atPath: archive), "\(archive) is installed with .ci/packages")
        }
        // Twice: the second run replaces what the first wrote.
        var printed = ""
        for _ in 0..<2 {
            let prepared = try Shell.run(["sh", Self.script, directory.path + "/libraries"])
            try #require(prepared.status == 0, "\(prepared.output)")
            printed = prepared.output.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #expect(printed == URL(fileURLWithPath: directory.path + "/libraries").standardizedFileURL.path)
        try directory.write("main.c", Self.program)
        let compiled = try Shell.run(
            ["sh", "-c", "cc main.c $(pkg-config --libs yaml-0.1 libxxhash) -o program"], in: directory.path,
            environment: ["PKG_CONFIG_PATH": printed])
        try #require(compiled.status == 0, "\(compiled.output)")

        let needed = try Shell.run(["ldd", directory.path + "/program"])
        #expect(needed.status == 0)
        #expect(!needed.output.contains("libyaml"), "\(needed.output)")
        #expect(!needed.output.contains("libxxhash"), "\(needed.output)")
        let ran = try Shell.run([directory.path + "/program"])
        let version = try Shell.run(["pkg-config", "--modversion", "yaml-0.1"]).output
        #expect(ran.status == 0)
        // XXH3-64 of "abc", seed 0, as the xxHash test vectors give it.
        #expect(ran.output == version.trimmingCharacters(in: .whitespacesAndNewlines) + " 78af5f94892f3950\n")
    }

    private static let program = """
        #include <stdio.h>
        #include <yaml.h>
        #include <xxhash.h>

        int main(void) {
            printf("%s %016llx\\n", yaml_get_version_string(), (unsigned long long)XXH3_64bits("abc", 3));
            return 0;
        }

        """
}
