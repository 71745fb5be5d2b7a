import Foundation
import PseudoTerminal
import Steps
import Testing

/// Job control on a real terminal, the same in every step: Ctrl-Z and SIGTSTP put the
/// terminal back as the shell left it before the app stops, and take it again, redrawn,
/// when the app goes on.
///
/// The child here leads its own session, so the kernel does not stop it (a stop signal to an
/// orphaned process group is discarded) and it goes on at once: what is checked is the
/// terminal handed back and taken again; the stop itself was checked by hand in a shell.
@Suite("Job control")
struct JobControlTests {
    enum Suspension: String, CaseIterable, Sendable {
        case controlZ, stopSignal

        func send(to process: PseudoTerminalProcess) {
            switch self {
            case .controlZ: process.send([0x1A])
            case .stopSignal: process.signal(PseudoTerminalProcess.stopSignal)
            }
        }
    }

    @Test(
        "E10: the terminal is handed back on suspend and taken again, redrawn, on continue",
        arguments: Step.all, Suspension.allCases)
    func suspendAndContinue(step: Step, suspension: Suspension) async throws {
        try await withChildProcessSlot {
            var process = try #require(
                PseudoTerminalProcess(executable: RunResult.executable(step.command).path))
            defer { process.close() }
            let flagsBefore = try #require(await PseudoTerminalProcess.newTerminalFlags())
            let isShown = await process.read(
                until: { $0.contains("1 / 20") }, timeout: .seconds(60))
            #expect(isShown, "the first screen")
            let rawFlags = process.terminalFlags()
            #expect(rawFlags != flagsBefore, "raw mode")
            let before = process.outputText.utf8.count

            suspension.send(to: process)
            let isBack = await process.read(
                until: { output in
                    let after = String(output.utf8.dropFirst(before)) ?? ""
                    guard let left = after.range(of: "\u{1B}[?1049l"),
                        let entered = after.range(
                            of: "\u{1B}[?1049h", range: left.upperBound..<after.endIndex)
                    else { return false }
                    return after[entered.upperBound...].contains("1 / 20")
                }, timeout: .seconds(60))
            #expect(isBack, "left the alternate screen, then came back to a redrawn screen")
            let after = String(process.outputText.utf8.dropFirst(before)) ?? ""
            let left = try #require(after.range(of: "\u{1B}[?1049l"))
            #expect(
                after[..<left.upperBound].contains("\u{1B}[?25h"), "the cursor shown for the shell")
            #expect(process.terminalFlags() == rawFlags, "raw mode again: keys act without Enter")

            // q acts at once, with no Enter: the terminal is raw again.
            process.send([UInt8(ascii: "q")])
            let status = await process.waitForExit(timeout: .seconds(60))
            #expect(status == 0)
            process.drain()
            #expect(process.terminalFlags() == flagsBefore)
        }
    }
}
