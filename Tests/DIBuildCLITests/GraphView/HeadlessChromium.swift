import Foundation
import TestSupport

/// Debian's `chromium` in headless mode: the DOM a page has after its scripts ran, and screenshots.
enum HeadlessChromium {
    /// nil when chromium is not installed (the tests then skip with this reason printed).
    static let executable: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    static let missingReason = "chromium is not installed (apt-get install chromium); skipping the page tests"

    /// The serialized DOM of `file` opened with `fragment` (`search=…&select=…`), after its scripts ran.
    static func dumpDOM(of file: String, fragment: String = "") throws -> String {
        try run(["--dump-dom", url(file, fragment)])
    }

    /// Saves a PNG of the page at 1400×900 CSS pixels.
    static func screenshot(of file: String, fragment: String = "", to png: String, height: Int = 900) throws {
        _ = try run(["--screenshot=\(png)", "--window-size=1400,\(height)", "--hide-scrollbars", url(file, fragment)])
    }

    private static func url(_ file: String, _ fragment: String) -> String {
        URL(fileURLWithPath: file).absoluteString + (fragment.isEmpty ? "" : "#" + fragment)
    }

    /// Runs chromium with a throwaway profile (parallel tests must not share one) under a time limit;
    /// `--no-sandbox` because CI runs as root.
    private static func run(_ arguments: [String]) throws -> String {
        guard let executable else { throw ChromiumError(description: missingReason) }
        let profile = try TemporaryDirectory(prefix: "chromium")
        let outcome = try ProcessRunner.run(
            "/usr/bin/timeout",
            [
                "120", executable, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                "--disable-extensions", "--disable-dev-shm-usage", "--user-data-dir=\(profile.path)",
            ] + arguments, mergingOutput: false)
        guard outcome.status == 0 else {
            throw ChromiumError(description: "chromium exited with \(outcome.status)")
        }
        return outcome.stdout
    }

    struct ChromiumError: Error, CustomStringConvertible {
        var description: String
    }
}

/// The node rows of a dumped graph page, as the tests look at them.
struct PageNodes {
    struct Row {
        var id: String
        var classes: Set<String>
        var problem: String?
    }

    var rows: [Row]

    /// Rows are `<div class="node …" id="node-N" data-index="N" data-id="…" … [data-problem="…"]`.
    init(dom: String) throws {
        let pattern = try NSRegularExpression(
            pattern: #"<div class="(node [^"]*)" id="node-\d+" data-index="\d+" data-id="([^"]*)"([^>]*)>"#)
        let text = dom as NSString
        rows = pattern.matches(in: dom, range: NSRange(location: 0, length: text.length)).map { match in
            let rest = text.substring(with: match.range(at: 3))
            let problem = rest.range(of: #"data-problem="([a-z]+)""#, options: .regularExpression).map {
                String(rest[$0].dropFirst("data-problem=\"".count).dropLast())
            }
            return Row(
                id: Self.unescaped(text.substring(with: match.range(at: 2))),
                classes: Set(text.substring(with: match.range(at: 1)).split(separator: " ").map(String.init)),
                problem: problem)
        }
    }

    func ids(with className: String) -> Set<String> {
        Set(rows.filter { $0.classes.contains(className) }.map(\.id))
    }

    func row(_ id: String) -> Row? { rows.first { $0.id == id } }

    private static func unescaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
    }
}
