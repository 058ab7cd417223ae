import Foundation
import PackagePlugin

/// Generates a target's DI factory with `dibuild build` as a SwiftPM build command, compiled into the
/// target. The command's declared inputs are exactly what `dibuild --print-inputs` lists (config,
/// property files, resolved files, sources and the directories walked), so SwiftPM runs it again only
/// when one of them, or the dibuild executable, changed.
///
/// `<package>/deli.yml`, when it exists, is used with the entry named after the target; without it the
/// target's own sources are scanned (config-less mode) into `<Target>Factory`. The cache lives in the
/// plugin's work directory, the only place a sandboxed build command may write.
@main
struct DIBuildPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target as? SwiftSourceModuleTarget else { return [] }
        let dibuild = try context.tool(named: "dibuild").url
        let work = context.pluginWorkDirectoryURL
        let factory = work.appending(path: "\(target.name)Factory.swift")
        let config = context.package.directoryURL.appending(path: "deli.yml")
        var selection: [String]
        if FileManager.default.fileExists(atPath: config.path) {
            selection = ["--config", config.path, "--target", target.name]
        } else {
            selection = ["--include", module.directoryURL.path]
        }
        selection += Self.configurationProperties(package: context.package.directoryURL)
        let arguments =
            ["build"] + selection + [
                "-o", factory.path, "--cache-dir", work.appending(path: "cache").path, "--no-resolve",
            ]
        let inputs =
            Self.listedInputs(dibuild: dibuild, arguments: arguments, directory: context.package.directoryURL)
            ?? Self.fallbackInputs(module: module, config: config)
        return [
            .buildCommand(
                displayName: "dibuild \(target.name)", executable: dibuild, arguments: arguments,
                inputFiles: inputs + [dibuild], outputFiles: [factory])
        ]
    }

    /// `DIBUILD_PROPERTIES`, a list of property files or globs separated by `:` (relative ones to the
    /// package directory), applied after the config's. Build-tool plugins are not told the build
    /// configuration, so this is how a debug and a release build pick different files; a changed value
    /// changes the command, so SwiftPM reruns it.
    private static func configurationProperties(package: URL) -> [String] {
        guard let value = ProcessInfo.processInfo.environment["DIBUILD_PROPERTIES"], !value.isEmpty else {
            return []
        }
        let paths = value.split(separator: ":").map(String.init)
        return ["--property"] + paths.map { $0.hasPrefix("/") ? $0 : package.appending(path: $0).path }
    }

    /// What `dibuild build --print-inputs` lists for the same arguments, or nil if it failed (the build
    /// command then runs and reports why).
    private static func listedInputs(dibuild: URL, arguments: [String], directory: URL) -> [URL]? {
        let process = Process()
        process.executableURL = dibuild
        process.arguments = arguments + ["--print-inputs", "--quiet"]
        process.currentDirectoryURL = directory
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map {
            URL(fileURLWithPath: String($0), relativeTo: directory).standardizedFileURL
        }
    }

    private static func fallbackInputs(module: SwiftSourceModuleTarget, config: URL) -> [URL] {
        let sources = module.sourceFiles(withSuffix: "swift").map(\.url)
        return FileManager.default.fileExists(atPath: config.path) ? [config] + sources : sources
    }
}
