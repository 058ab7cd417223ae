import ArgumentParser
import DIEngine
import Foundation

/// Parses the arguments, runs the command and maps every outcome to the exit codes of `config.md` §6.4.
/// swift-argument-parser's own `main()` is not used because it exits 64 on usage errors; dibuild exits 2.
func runDibuild(_ arguments: [String]) -> Int32 {
    do {
        var command = try Dibuild.parseAsRoot(arguments)
        if let engineCommand = command as? any EngineCommand {
            let result = engineCommand.execute()
            Terminal.writeOutput(result.output)
            Terminal.writeError(result.errorOutput)
            // Exit while the result, which keeps the run's caches and inventories, is still alive: freeing
            // them entry by entry would take longer than a no-op build itself.
            withExtendedLifetime(result) { exit(result.status.rawValue) }
        }
        try command.run()
        return ExitStatus.success.rawValue
    } catch {
        return report(error)
    }
}

func report(_ error: any Error) -> Int32 {
    let code = Dibuild.exitCode(for: error)
    let message = Dibuild.fullMessage(for: error)
    if code == .success {
        Terminal.writeOutput(message.isEmpty ? "" : message + "\n")
        return ExitStatus.success.rawValue
    }
    if code == .validationFailure {
        Terminal.writeError(usageMessage(message))
        return ExitStatus.usage.rawValue
    }
    if error is ExitCode {
        return code.rawValue
    }
    Terminal.writeError("error: internal error: \(error)\n")
    return ExitStatus.internalError.rawValue
}

/// swift-argument-parser's text in the style of dibuild's diagnostics: `error: ` and a lower-case message.
func usageMessage(_ message: String) -> String {
    var text = message
    if text.hasPrefix("Error: ") {
        let body = text.dropFirst("Error: ".count)
        text = "error: " + body.prefix(1).lowercased() + body.dropFirst()
    }
    return text.hasSuffix("\n") ? text : text + "\n"
}

exit(runDibuild(Array(CommandLine.arguments.dropFirst())))
