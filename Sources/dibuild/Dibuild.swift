import ArgumentParser
import DIEngine

/// Every command names itself (`commandName`): swift-argument-parser would otherwise derive each name from
/// the type's name by reflection at every start, some 2 ms of a 30 ms no-op build.
struct Dibuild: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dibuild",
        abstract: "Generates dependency-injection factories from Swift sources at build time.",
        version: VersionInfo.version,
        subcommands: [
            Build.self, Generate.self, Validate.self, Graph.self, Why.self, Explain.self, Clean.self, Version.self,
        ]
    )

    /// Without a subcommand dibuild prints its help and succeeds.
    func run() {
        print(Self.helpMessage())
    }
}

/// A subcommand that hands its work to `Engine`; `main.swift` prints the result and exits with its status.
protocol EngineCommand: ParsableCommand {
    func execute() -> RunResult
}
