import DIEngine

// FoundationEssentials, not Foundation: the whole Foundation (and its ICU data) would add some milliseconds
// to the start of every run, which a no-op build notices.
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's standard streams and environment, the only process-global state the CLI touches.
enum Terminal {
    static var standardErrorIsTerminal: Bool { isatty(STDERR_FILENO) != 0 }

    /// The variables the colour decision reads (`ColorMode.isEnabled`).
    static var colorEnvironment: [String: String] { environment(ColorMode.environmentNames) }

    /// The variables among `names` that are set. Read one by one: `ProcessInfo.environment` copies the whole
    /// environment into a dictionary (and instantiates its generic metadata), 0.4–1 ms of a 13 ms no-op
    /// build, measured side by side.
    static func environment(_ names: [String]) -> [String: String] {
        var values: [String: String] = [:]
        for name in names {
            if let value = getenv(name) { values[name] = String(cString: value) }
        }
        return values
    }

    /// Writes `text` to stdout; false when it cannot be written (closed, `EPIPE`, `ENOSPC`, …).
    @discardableResult
    static func writeOutput(_ text: String) -> Bool {
        write(text, to: STDOUT_FILENO)
    }

    /// Writes `text` to stderr; false when it cannot be written. Nobody can be told about that failure.
    @discardableResult
    static func writeError(_ text: String) -> Bool {
        write(text, to: STDERR_FILENO)
    }

    /// `write(2)` until every byte is out. A reader that went away ends the process by `SIGPIPE`, as it
    /// ends `cat`; where `SIGPIPE` is ignored it shows up here as `EPIPE`.
    private static func write(_ text: String, to descriptor: Int32) -> Bool {
        guard !text.isEmpty else { return true }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let count = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            bytes = bytes.dropFirst(count)
        }
        return true
    }

    /// A standard descriptor closed by the caller (`>&-`) would be reused by the next `open`, and output
    /// meant for it would land in that file. Each closed one is taken by `/dev/null` opened read-only, so
    /// that writes to it fail (`EBADF`) as they would have on the closed descriptor.
    static func reserveClosedStandardDescriptors() {
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) < 0 {
            let placeholder = open("/dev/null", O_RDONLY)
            if placeholder >= 0 && placeholder != descriptor {
                dup2(placeholder, descriptor)
                close(placeholder)
            }
        }
    }
}

// `write(2)` under a name that `Terminal.write(_:to:)` does not shadow.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
