import ArgumentParser
import DIEngine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Parses the arguments, runs the command and maps every outcome to an `ExitStatus`.
/// swift-argument-parser's own `main()` is not used because it exits 64 on usage errors; dibuild exits 2.
func runDibuild(_ arguments: [String]) -> Int32 {
    if arguments == ["build"] { exitAfterPrinting(Build.executeWithoutOptions()) }
    do {
        var command = try Dibuild.parseAsRoot(arguments)
        if let engineCommand = command as? any EngineCommand {
            exitAfterPrinting(engineCommand.execute())
        }
        try command.run()
        return ExitStatus.success.rawValue
    } catch {
        return report(error)
    }
}

/// Exits while the result, which keeps the run's caches and inventories, is still alive: freeing them entry
/// by entry would take longer than a no-op build itself.
func exitAfterPrinting(_ result: RunResult) -> Never {
    let status = printed(result)
    withExtendedLifetime(result) { exit(status) }
}

/// Prints the result and returns the exit status. Output that cannot be written (`EPIPE` with `SIGPIPE`
/// ignored, `ENOSPC`, a closed descriptor) ends the run with exit 74, like a failed output file: on stdout
/// with an `error:` line on stderr, on stderr silently (there is nowhere left to say it). A run that
/// already failed keeps its own status.
func printed(_ result: RunResult) -> Int32 {
    var status = result.status.rawValue
    var errorOutput = result.errorOutput
    if !Terminal.writeOutput(result.output) {
        let reason = String(cString: strerror(errno))
        errorOutput += "error: cannot write to standard output: \(reason)\n"
        if status == ExitStatus.success.rawValue { status = ExitStatus.ioError.rawValue }
    }
    if !Terminal.writeError(errorOutput) && status == ExitStatus.success.rawValue {
        status = ExitStatus.ioError.rawValue
    }
    return status
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

/// Large blocks come from the heap and stay there when freed (glibc), for later allocations to reuse: by
/// default a block of 128 KiB or more is mapped on its own and unmapped when freed, so that the memory of
/// every buffer read and dropped, and of every large array outgrown, was touched fresh again, at a page
/// fault per page. A run is short-lived; what it keeps is given back when it exits.
func reuseFreedMemory() {
    #if canImport(Glibc)
        // `mallopt` is declared in <malloc.h>, which the Glibc module leaves out.
        typealias SetOption = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: SetOption.self)
        _ = mallopt(-3, 32 << 20)  // M_MMAP_THRESHOLD
        _ = mallopt(-1, 256 << 20)  // M_TRIM_THRESHOLD
    #endif
}

reuseFreedMemory()
Terminal.reserveClosedStandardDescriptors()
exit(runDibuild(Array(CommandLine.arguments.dropFirst())))
