import Foundation
import PseudoTerminal
import Testing

@testable import Lessons

/// `lessons show` and `lessons diff` page on a terminal, as `git` does, and print as before
/// everywhere else.
@Suite struct PagerTests {
    static let lessPath = "/usr/bin/less"
    static func onlyLess(_ path: String) -> Bool { path == lessPath }

    @Test func aPipeGetsNoPager() {
        let pager = Pager.choose(
            environment: ["PAGER": "less"], isTerminal: false, isExecutable: Self.onlyLess)
        #expect(pager == nil)
    }

    @Test func theLearnersPagerRunsThroughTheShellWithLessSettings() throws {
        let pager = try #require(
            Pager.choose(
                environment: ["PAGER": "most -s", "PATH": "/usr/bin"], isTerminal: true,
                isExecutable: Self.onlyLess))
        #expect(pager.executable == "/bin/sh")
        #expect(pager.arguments == ["-c", "most -s"])
        #expect(pager.environment["LESS"] == "FRX")
        #expect(pager.environment["LESSCHARSET"] == "utf-8")
        #expect(pager.environment["PATH"] == "/usr/bin")
    }

    @Test func theLearnersOwnLessSettingsAreKept() throws {
        let pager = try #require(
            Pager.choose(
                environment: ["LESS": "-R", "LESSCHARSET": "latin1"], isTerminal: true,
                isExecutable: Self.onlyLess))
        #expect(pager.environment["LESS"] == "-R")
        #expect(pager.environment["LESSCHARSET"] == "latin1")
    }

    @Test(arguments: ["", "  ", "cat"])
    func anEmptyOrCatPagerMeansNone(pager: String) {
        #expect(
            Pager.choose(
                environment: ["PAGER": pager], isTerminal: true, isExecutable: Self.onlyLess)
                == nil)
    }

    @Test func withoutPagerLessIsFoundOnThePath() throws {
        let pager = try #require(
            Pager.choose(
                environment: ["PATH": "/opt/nothing:/usr/bin"], isTerminal: true,
                isExecutable: Self.onlyLess))
        #expect(pager.executable == Self.lessPath)
        #expect(pager.arguments.isEmpty)
        #expect(pager.environment["LESS"] == "FRX")
    }

    @Test func withoutAnyPagerTheTextIsPrinted() {
        let pager = Pager.choose(
            environment: ["PATH": "/opt/nothing"], isTerminal: true, isExecutable: { _ in false })
        #expect(pager == nil)
    }

    @Test func lessonsAndDiffsArePagedAndTheRestIsNot() {
        #expect(runLessons("show", "1").isPaged)
        #expect(runLessons("diff", "2").isPaged)
        #expect(!runLessons().isPaged)
        #expect(!runLessons("--help").isPaged)
        #expect(!runLessons("show", "99").isPaged)
    }

    @Test func onATerminalTheDiffSaysItsSizeFirstAndPipedItIsUnchanged() throws {
        let piped = runLessons("diff", "2").output
        let paged = runLessons("diff", "2", environment: ["NO_COLOR": "1"], isTerminal: true).output
        let sizeLine = try #require(piped.split(separator: "\n").last)
        #expect(paged.hasPrefix(sizeLine + "\n\n"))
        #expect(paged == sizeLine + "\n\n" + piped.dropLast(sizeLine.count + 1))
        let checkedIn = packageRepository.text(at: "Lessons/diffs/01-to-02.diff")
        #expect(checkedIn == piped)
    }

    /// Under a job-control shell (`bash -i`, as a learner's terminal runs one) the shell gives
    /// the terminal to the tool's process group alone. A pager started in a group of its own,
    /// as Foundation's `Process` starts a child, is a background job there: the kernel stops it
    /// (SIGTTIN) when it reads a key, and `lessons show` hangs on a blank screen. This pager
    /// reads its text, then a key from the terminal, as `less` does, and says what it read.
    @Test func underAJobControlShellThePagerReadsKeysFromTheTerminal() async throws {
        let lessons = try BuiltProducts.executable("lessons").path
        let pager =
            #"cat >/dev/null; echo pager-waiting; read key </dev/tty; echo "pager read [$key]""#
        try await withChildProcessSlot {
            var shell = try #require(
                PseudoTerminalProcess(
                    executable: "/bin/bash", arguments: ["--norc", "--noprofile", "-i"],
                    environment: ["PS1": "ready$ ", "PAGER": pager, "HOME": NSTemporaryDirectory()]
                ))
            defer {
                // A shell that hangs up ends its jobs, a stopped pager too.
                shell.signal(SIGHUP)
                shell.close()
            }
            #expect(await shell.read(until: { $0.contains("ready$ ") }, timeout: .seconds(60)))
            shell.send(
                Array(
                    "cd '\(packageRepository.root)' && '\(lessons)' show 3; echo \"ended $?\"\n"
                        .utf8))
            let waiting = await shell.read(
                until: { $0.contains("pager-waiting") }, timeout: .seconds(60))
            #expect(waiting, "the pager never got the lesson:\n\(shell.outputText)")
            shell.send(Array("k\n".utf8))
            let answered = await shell.read(
                until: { $0.contains("pager read [k]") && $0.contains("ended 0") },
                timeout: .seconds(60))
            #expect(
                answered,
                "the pager could not read the terminal, or the tool did not end:\n\(shell.outputText)"
            )
            shell.send(Array("exit\n".utf8))
            #expect(await shell.waitForExit(timeout: .seconds(60)) == 0)
        }
    }
}
