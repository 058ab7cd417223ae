import Testing

@testable import DIEngine

@Suite struct ColorModeTests {
    @Test func autoNeedsATerminalThatIsNotDumbAndNoNoColor() {
        #expect(ColorMode.auto.isEnabled(stderrIsTerminal: true, environment: ["TERM": "xterm-256color"]))
        #expect(!ColorMode.auto.isEnabled(stderrIsTerminal: false, environment: ["TERM": "xterm-256color"]))
        #expect(!ColorMode.auto.isEnabled(stderrIsTerminal: true, environment: ["TERM": "dumb"]))
        #expect(!ColorMode.auto.isEnabled(stderrIsTerminal: true, environment: ["NO_COLOR": "1"]))
        #expect(ColorMode.auto.isEnabled(stderrIsTerminal: true, environment: ["NO_COLOR": ""]))
    }

    @Test func forcingVariablesWinInAutoModeOnly() {
        #expect(
            ColorMode.auto.isEnabled(stderrIsTerminal: false, environment: ["CLICOLOR_FORCE": "1", "NO_COLOR": "1"]))
        #expect(ColorMode.auto.isEnabled(stderrIsTerminal: false, environment: ["FORCE_COLOR": "true"]))
        #expect(!ColorMode.auto.isEnabled(stderrIsTerminal: false, environment: ["FORCE_COLOR": "0"]))
        #expect(!ColorMode.never.isEnabled(stderrIsTerminal: true, environment: ["FORCE_COLOR": "1"]))
        #expect(ColorMode.always.isEnabled(stderrIsTerminal: false, environment: ["NO_COLOR": "1"]))
    }
}
