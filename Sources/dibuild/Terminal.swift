import Foundation

/// The process's standard streams and environment, the only process-global state the CLI touches.
enum Terminal {
    static var standardErrorIsTerminal: Bool { isatty(STDERR_FILENO) != 0 }

    static var environment: [String: String] { ProcessInfo.processInfo.environment }

    static func writeOutput(_ text: String) {
        guard !text.isEmpty else { return }
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    static func writeError(_ text: String) {
        guard !text.isEmpty else { return }
        FileHandle.standardError.write(Data(text.utf8))
    }
}
