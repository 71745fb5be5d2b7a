import Foundation
import PseudoTerminal
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// L1, E4: the real `terminal-demo` under a pseudo-terminal leaves the terminal as it found it,
/// whether it ends with q, Ctrl-C, SIGTERM or SIGHUP.
@Suite struct PseudoTerminalTests {
    @Test("the terminal is restored on every exit path (L1, E4)", arguments: ProcessEnding.allCases)
    func restoresTheTerminal(_ ending: ProcessEnding) throws {
        let executable = try #require(
            Self.demoExecutable(), "build terminal-demo first (swift build)")
        var process = try #require(PseudoTerminalProcess(executable: executable))
        defer { process.close() }
        let flagsBefore = try #require(process.terminalFlags())

        let shown = process.read(until: { $0.contains("TerminalUI demo") }, timeout: .seconds(20))
        #expect(shown, "no first frame: \(process.outputText.debugDescription)")
        #expect(process.outputText.contains("\u{1B}[?1049h"))
        #expect(process.outputText.contains("\u{1B}[?25l"))
        #expect(process.terminalFlags() != flagsBefore, "raw mode was not entered")

        ending.end(process)
        let status = process.waitForExit(timeout: .seconds(20))
        process.drain()
        #expect(status == ending.expectedStatus)
        #expect(process.terminalFlags() == flagsBefore)
        let output = process.outputText
        let entered = output.range(of: "\u{1B}[?1049h", options: .backwards)
        let left = output.range(of: "\u{1B}[?1049l", options: .backwards)
        let shownCursor = output.range(of: "\u{1B}[?25h", options: .backwards)
        #expect(entered != nil && left != nil && shownCursor != nil)
        if let entered, let left, let shownCursor {
            #expect(left.lowerBound > entered.lowerBound)
            #expect(shownCursor.lowerBound > entered.lowerBound)
            #expect(
                output[left.upperBound...].isEmpty
                    || !output[left.upperBound...].contains("\u{1B}[?1049h"))
        }
    }

    /// `terminal-demo` beside the test bundle (.build/<config>/), found from the test binary's path.
    static func demoExecutable() -> String? {
        var directories: [URL] = []
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<5 {
            directories.append(directory)
            directory = directory.deletingLastPathComponent()
        }
        directories.append(Bundle.main.bundleURL.deletingLastPathComponent())
        directories.append(
            URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appending(
                path: ".build/debug"))
        return directories.map { $0.appending(path: "terminal-demo").path }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
