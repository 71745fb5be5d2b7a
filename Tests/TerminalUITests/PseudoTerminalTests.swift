import Foundation
import PseudoTerminal
import Testing

/// L1, E4: the real `terminal-demo` under a pseudo-terminal leaves the terminal as it found it,
/// whether it ends with q, Ctrl-C, SIGTERM or SIGHUP; bracketed paste (S1) is on while it runs
/// and off again after.
@Suite struct PseudoTerminalTests {
    @Test("the terminal is restored on every exit path (L1, E4)", arguments: ProcessEnding.allCases)
    func restoresTheTerminal(_ ending: ProcessEnding) async throws {
        try await withChildProcessSlot {
            let executable = try BuiltProducts.executable("terminal-demo")
            let flagsBefore = try #require(await PseudoTerminalProcess.newTerminalFlags())
            var process = try #require(PseudoTerminalProcess(executable: executable.path))
            defer { process.close() }

            let shown = await process.read(
                until: { $0.contains("TerminalUI demo") }, timeout: .seconds(60))
            #expect(shown, "no first frame: \(process.outputText.debugDescription)")
            #expect(process.outputText.contains("\u{1B}[?1049h"))
            #expect(process.outputText.contains("\u{1B}[?25l"))
            #expect(process.outputText.contains("\u{1B}[?2004h"), "bracketed paste is on (S1)")
            #expect(process.terminalFlags() != flagsBefore, "raw mode was not entered")

            ending.end(process)
            let status = await process.waitForExit(timeout: .seconds(60))
            process.drain()
            #expect(status == ending.expectedStatus)
            #expect(process.terminalFlags() == flagsBefore)
            let output = process.outputText
            let entered = output.range(of: "\u{1B}[?1049h", options: .backwards)
            let left = output.range(of: "\u{1B}[?1049l", options: .backwards)
            let shownCursor = output.range(of: "\u{1B}[?25h", options: .backwards)
            #expect(entered != nil && left != nil && shownCursor != nil)
            let pasteOn = output.range(of: "\u{1B}[?2004h", options: .backwards)
            let pasteOff = output.range(of: "\u{1B}[?2004l", options: .backwards)
            #expect(pasteOn != nil && pasteOff != nil, "bracketed paste is turned off again (S1)")
            if let pasteOn, let pasteOff {
                #expect(pasteOff.lowerBound > pasteOn.lowerBound)
            }
            if let entered, let left, let shownCursor {
                #expect(left.lowerBound > entered.lowerBound)
                #expect(shownCursor.lowerBound > entered.lowerBound)
                #expect(
                    output[left.upperBound...].isEmpty
                        || !output[left.upperBound...].contains("\u{1B}[?1049h"))
            }
        }
    }
}

/// The pseudo-terminal the tests start programs on is the one a terminal window would give:
/// the size it was asked for, and nothing of the test process's open descriptors.
@Suite struct PseudoTerminalProcessTests {
    @Test("a program sees the size its terminal was opened with, not 0×0")
    func theChildSeesTheRequestedSize() async throws {
        try await withChildProcessSlot {
            var process = try #require(
                PseudoTerminalProcess(
                    executable: "/bin/sh", arguments: ["-c", "stty size"], rows: 31, columns: 97))
            defer { process.close() }

            #expect(await process.waitForExit(timeout: .seconds(60)) == 0)
            process.drain()
            #expect(process.outputText.contains("31 97"), "\(process.outputText.debugDescription)")
        }
    }

    @Test("a program keeps none of the descriptors the test process has open")
    func theChildInheritsNoDescriptor() async throws {
        try await withChildProcessSlot {
            let descriptor = open("/dev/null", O_RDONLY)
            try #require(descriptor > 2)
            defer { close(descriptor) }
            let probe = "if [ -e /dev/fd/\(descriptor) ]; then echo inherited; else echo closed; fi"
            var process = try #require(
                PseudoTerminalProcess(executable: "/bin/sh", arguments: ["-c", probe]))
            defer { process.close() }

            #expect(await process.waitForExit(timeout: .seconds(60)) == 0)
            process.drain()
            #expect(process.outputText.contains("closed"), "\(process.outputText.debugDescription)")
        }
    }
}
