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
        "E10 T5: the terminal is handed back on suspend, mouse and all, and taken again, redrawn, on continue",
        arguments: Step.all, Suspension.allCases)
    func suspendAndContinue(step: Step, suspension: Suspension) async throws {
        try await withChildProcessSlot {
            var process = try #require(
                PseudoTerminalProcess(
                    executable: RunResult.executable(step.command).path,
                    rows: PseudoTerminalProcess.rowsFilledByOnePage))
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
            #expect(
                after[..<left.upperBound].contains("\u{1B}[?1006l\u{1B}[?1000l"),
                "the mouse given back to the shell")
            #expect(
                after[left.upperBound...].contains("\u{1B}[?1000h\u{1B}[?1006h"),
                "and asked for again")
            #expect(process.terminalFlags() == rawFlags, "raw mode again: keys act without Enter")

            // q acts at once, with no Enter: the terminal is raw again.
            process.send([UInt8(ascii: "q")])
            let status = await process.waitForExit(timeout: .seconds(60))
            #expect(status == 0)
            process.drain()
            #expect(process.terminalFlags() == flagsBefore)
        }
    }

    @Test(
        "E10: after the app goes on, the cursor shows again where the search field is edited",
        arguments: Step.all, Suspension.allCases)
    func cursorComesBackInTheSearchField(step: Step, suspension: Suspension) async throws {
        try await withChildProcessSlot {
            var process = try #require(
                PseudoTerminalProcess(
                    executable: RunResult.executable(step.command).path,
                    rows: PseudoTerminalProcess.rowsFilledByOnePage))
            defer { process.close() }
            let isShown = await process.read(
                until: { $0.contains("1 / 20") }, timeout: .seconds(60))
            #expect(isShown, "the first screen")
            process.send(Array("/su".utf8))
            // "Search: su" is ten columns: the cursor goes to row 2, column 11.
            let typed = "\u{1B}[2;11H\u{1B}[?25h"
            let isTyped = await process.read(
                until: { $0.contains("Search: ") && $0.contains(typed) }, timeout: .seconds(60))
            #expect(isTyped, "the field shows its cursor after \"su\"")
            let before = process.outputText.utf8.count

            suspension.send(to: process)
            let isBack = await process.read(
                until: { output in
                    let after = String(output.utf8.dropFirst(before)) ?? ""
                    guard let entered = after.range(of: "\u{1B}[?1049h") else { return false }
                    let retaken = after[entered.upperBound...]
                    return retaken.contains("Search: ") && retaken.contains("\u{1B}[?25h")
                }, timeout: .seconds(60))
            #expect(isBack, "taken again, redrawn, the cursor shown")
            let after = String(process.outputText.utf8.dropFirst(before)) ?? ""
            let entered = try #require(after.range(of: "\u{1B}[?1049h"))
            let retaken = after[entered.upperBound...]
            let shown = try #require(retaken.range(of: "\u{1B}[?25h", options: .backwards))
            let hidden = retaken.range(of: "\u{1B}[?25l", options: .backwards)
            #expect(hidden.map { $0.lowerBound < shown.lowerBound } ?? true, "left showing")
            #expect(retaken[..<shown.upperBound].hasSuffix(typed), "where the typing goes on")

            // Typing goes on where the cursor shows, and the cursor stays shown.
            let beforeTyping = process.outputText.utf8.count
            process.send([UInt8(ascii: "p")])
            let isMoved = await process.read(
                until: { output in
                    (String(output.utf8.dropFirst(beforeTyping)) ?? "").contains("\u{1B}[2;12H")
                }, timeout: .seconds(60))
            #expect(isMoved, "the cursor follows the typing")
            let typing = String(process.outputText.utf8.dropFirst(beforeTyping)) ?? ""
            #expect(!typing.contains("\u{1B}[?25l"), "and stays shown")

            process.send([0x03])
            #expect(await process.waitForExit(timeout: .seconds(60)) == 130)
        }
    }
}
