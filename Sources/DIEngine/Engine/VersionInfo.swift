import CXXHash
import CYaml

/// The `dibuild version` text.
public enum VersionInfo {
    public static let version = "0.1.0"
    /// The swift-syntax release the scanner is built and tested against (pinned in Package.swift).
    public static let swiftSyntaxVersion = "603.0.1"

    public static var libyamlVersion: String { String(cString: yaml_get_version_string()) }

    /// libxxhash encodes its version as `major * 10000 + minor * 100 + release`.
    public static var libxxhashVersion: String {
        let number = XXH_versionNumber()
        return "\(number / 10_000).\(number / 100 % 100).\(number % 100)"
    }

    /// The version line; with `verbose`, one `name: version` line for everything that shapes the output.
    public static func text(verbose: Bool) -> String {
        guard verbose else { return version + "\n" }
        return """
            \(version)
            scanner schema: \(FileFacts.schemaVersion)
            libyaml: \(libyamlVersion)
            libxxhash: \(libxxhashVersion)
            swift-syntax: \(swiftSyntaxVersion)

            """
    }
}
