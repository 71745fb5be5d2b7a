import Foundation
import PseudoTerminal
import Steps
import TMDB
import TMDBTestSupport
import Testing

/// The real binaries, run as a user runs them: piped, scripted, with bad input, and against
/// a loopback server that rejects the credential (L4, L6, L7, L8).
@Suite("Process")
struct ProcessTests {
    @Test(
        "L1 E4 T5: full-screen on a terminal, the mouse reported, and the terminal restored on every exit path",
        arguments: Step.all, ProcessEnding.allCases)
    func terminalIsRestored(step: Step, ending: ProcessEnding) async throws {
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
            #expect(process.outputText.contains("\u{1B}[?1049h"), "alternate screen")
            #expect(process.outputText.contains("\u{1B}[?25l"), "hidden cursor")
            #expect(
                process.outputText.contains("\u{1B}[?1000h\u{1B}[?1006h"),
                "clicks and the wheel, reported in SGR form")
            #expect(process.terminalFlags() != flagsBefore, "raw mode")

            ending.end(process)
            let status = await process.waitForExit(timeout: .seconds(60))
            #expect(status == ending.expectedStatus)
            process.drain()
            #expect(process.terminalFlags() == flagsBefore)
            let output = process.outputText
            let entered = try #require(output.range(of: "\u{1B}[?1049h", options: .backwards))
            let left = try #require(output.range(of: "\u{1B}[?1049l", options: .backwards))
            let shownCursor = try #require(output.range(of: "\u{1B}[?25h", options: .backwards))
            #expect(left.lowerBound > entered.lowerBound)
            #expect(shownCursor.lowerBound > entered.lowerBound)
            let mouseOn = try #require(output.range(of: "\u{1B}[?1000h", options: .backwards))
            let mouseOff = output.range(of: "\u{1B}[?1000l", options: .backwards)
            let sgrOff = output.range(of: "\u{1B}[?1006l", options: .backwards)
            #expect(mouseOff.map { $0.lowerBound > mouseOn.lowerBound } == true, "mouse off")
            #expect(sgrOff.map { $0.lowerBound > mouseOn.lowerBound } == true, "SGR form off")
        }
    }

    @Test(
        "T5: on a terminal the wheel and a click reach the list; a key script and a piped run ask for no mouse",
        arguments: Step.all)
    func mouseReachesTheListOnATerminal(step: Step) async throws {
        try await withChildProcessSlot {
            var process = try #require(
                PseudoTerminalProcess(
                    executable: RunResult.executable(step.command).path,
                    rows: PseudoTerminalProcess.rowsFilledByOnePage))
            defer { process.close() }
            let isShown = await process.read(
                until: { $0.contains("1 / 20") }, timeout: .seconds(60))
            #expect(isShown, "the first screen")

            // A notch of the wheel, then a click on the second movie (row 3 on the wire, from
            // 1); each time Ctrl-L draws the whole screen, so its header can be read whole.
            for (report, position) in [
                ("\u{1B}[<65;10;5M", "4 / 20"), ("\u{1B}[<0;10;3M", "2 / 20"),
            ] {
                let before = process.outputText.utf8.count
                process.send(Array(report.utf8) + [0x0C])
                let isMoved = await process.read(
                    until: { output in
                        let after = String(output.utf8.dropFirst(before)) ?? ""
                        guard let cleared = after.range(of: "\u{1B}[H\u{1B}[2J") else {
                            return false
                        }
                        return after[cleared.upperBound...].contains(position)
                    }, timeout: .seconds(60))
                #expect(isMoved, "\(report.debugDescription) moved the selection to \(position)")
            }
            process.send([UInt8(ascii: "q")])
            #expect(await process.waitForExit(timeout: .seconds(60)) == 0)
        }
        for arguments in [[], ["--keys", "down"]] {
            let result = try await RunResult.run(step.command, arguments)
            #expect(result.status == 0)
            #expect(!result.standardOutput.contains("\u{1B}[?1000"), "\(arguments)")
            #expect(result.standardOutput.contains("Trending movies"))
        }
    }

    @Test(
        "E9: on a terminal Ctrl-L clears the screen and draws every row again", arguments: Step.all)
    func controlLRedrawsTheTerminal(step: Step) async throws {
        try await withChildProcessSlot {
            var process = try #require(
                PseudoTerminalProcess(
                    executable: RunResult.executable(step.command).path,
                    rows: PseudoTerminalProcess.rowsFilledByOnePage))
            defer { process.close() }
            let isShown = await process.read(
                until: { $0.contains("1 / 20") && $0.contains("q quit") }, timeout: .seconds(60))
            #expect(isShown, "the first screen")
            let before = process.outputText.utf8.count

            process.send([0x0C])
            let isRedrawn = await process.read(
                until: { output in
                    let after = String(output.utf8.dropFirst(before)) ?? ""
                    guard let cleared = after.range(of: "\u{1B}[H\u{1B}[2J") else { return false }
                    let frame = after[cleared.upperBound...]
                    return frame.contains("Trending movies") && frame.contains("1 / 20")
                        && frame.contains("q quit")
                }, timeout: .seconds(60))
            #expect(isRedrawn, "cleared, then the header, the rows and the status line again")

            process.send([UInt8(ascii: "q")])
            #expect(await process.waitForExit(timeout: .seconds(60)) == 0)
        }
    }

    @Test(
        "S1: on a terminal Alt-b (ESC b) moves the cursor a word back and the search stays open",
        arguments: Step.all)
    func altKeyIsNotEscOnATerminal(step: Step) async throws {
        try await withChildProcessSlot {
            var process = try #require(
                PseudoTerminalProcess(
                    executable: RunResult.executable(step.command).path,
                    rows: PseudoTerminalProcess.rowsFilledByOnePage))
            defer { process.close() }
            let isShown = await process.read(
                until: { $0.contains("1 / 20") }, timeout: .seconds(60))
            #expect(isShown, "the first screen")
            process.send(Array("/super man".utf8))
            let isSearched = await process.read(
                until: { $0.contains("“super man”") }, timeout: .seconds(60))
            #expect(isSearched, "the results for \"super man\"")

            // Alt-b as a terminal sends it, in one write, then x typed before "man"; Ctrl-L
            // draws the whole screen, the field and the header each in one piece.
            let typed = process.outputText.utf8.count
            process.send([0x1B, UInt8(ascii: "b")])
            process.send([UInt8(ascii: "x")])
            let isSent = await process.read(
                until: { (String($0.utf8.dropFirst(typed)) ?? "").contains("xman”") },
                timeout: .seconds(60))
            #expect(isSent, "the header shows the new query")
            let before = process.outputText.utf8.count
            process.send([0x0C])
            let isEdited = await process.read(
                until: { output in
                    let after = String(output.utf8.dropFirst(before)) ?? ""
                    return after.contains("“super xman”") && after.contains("super xman")
                }, timeout: .seconds(60))
            #expect(isEdited, "the search is still open, its query \"super xman\"")

            process.send([0x03])
            #expect(await process.waitForExit(timeout: .seconds(60)) == 130)
        }
    }

    /// The first sample movie of the week with a trailer: its place in the list and the
    /// trailer's address.
    static func firstSampleTrailer() throws -> (index: Int, address: String) {
        for (index, movie) in try SampleMovies.week.prefix(10).enumerated() {
            let url = try #require(
                URL(string: "https://api.themoviedb.org/3/movie/\(movie.id)/videos"))
            let response = SampleData.response(for: url)
            guard response.statusCode == 200,
                let videos = try? JSONDecoder().decode(VideoList.self, from: response.body),
                let address = videos.results.preferredTrailer()?.youTubeURL?.absoluteString
            else { continue }
            return (index, address)
        }
        throw SampleTrailerMissing()
    }

    struct SampleTrailerMissing: Error {}

    @Test(
        "D1: on a terminal the trailer is an OSC 8 hyperlink to the whole address, cut or not; not with TERM=dumb, piped or scripted",
        arguments: Step.all)
    func trailerIsAHyperlinkOnATerminal(step: Step) async throws {
        let (index, address) = try Self.firstSampleTrailer()
        let keys = Array(repeating: UInt8(ascii: "j"), count: index) + [0x0D]
        let open = "\u{1B}]8;;\(address)\u{1B}\\"
        let close = "\u{1B}]8;;\u{1B}\\"
        // 40 columns cut the address; the link still goes to all of it. The poster stands
        // above the text at 40 columns (P1), so the address is at the end of the scroll.
        let shown = address.prefix(39) + "…"
        // P4: a dumb terminal gets the first screen printed as plain text, as a pipe does,
        // at the terminal's size: no alternate screen, no cursor moves, no link.
        try await withChildProcessSlot {
            var process = try #require(
                PseudoTerminalProcess(
                    executable: RunResult.executable(step.command).path,
                    environment: ["TERM": "dumb"], rows: 40, columns: 40))
            defer { process.close() }
            let isPrinted = await process.read(
                until: { $0.contains("Trending movies") && $0.contains("q quit") },
                timeout: .seconds(60))
            #expect(isPrinted, "the first screen, printed")
            #expect(await process.waitForExit(timeout: .seconds(60)) == 0)
            #expect(
                !process.outputText.contains("\u{1B}"), "no escape sequence for a dumb terminal")
        }
        for term in ["xterm-256color"] {
            try await withChildProcessSlot {
                var process = try #require(
                    PseudoTerminalProcess(
                        executable: RunResult.executable(step.command).path,
                        environment: ["TERM": term], rows: 40, columns: 40))
                defer { process.close() }
                let isShown = await process.read(
                    until: { $0.contains("1 / 20") }, timeout: .seconds(60))
                #expect(isShown, "the first screen")
                process.send(keys)
                let isOpened = await process.read(
                    until: { $0.contains("Cast") }, timeout: .seconds(60))
                process.send([UInt8(ascii: "G")])
                let isScrolled = await process.read(
                    until: { $0.contains(shown) }, timeout: .seconds(60))
                #expect(isScrolled, "the address, at the end")
                #expect(isOpened, "the detail, its address cut to 40 columns")
                let output = process.outputText
                #expect(output.contains(open + "https:"), "the address line, linked")
                #expect(output.contains(shown + close), "the link closes after the text")
                #expect(output.contains(open + "Trailer:" + close), "its first line too")
                process.send([UInt8(ascii: "q")])
                #expect(await process.waitForExit(timeout: .seconds(60)) == 0)
            }
        }
        let script = Array(repeating: "down", count: index) + ["enter", "end"]
        for arguments in [["--keys", script.joined(separator: " ")]] {
            let result = try await RunResult.run(
                step.command, arguments, environment: ["COLUMNS": "40", "LINES": "40"])
            #expect(result.status == 0)
            #expect(result.standardOutput.contains(shown))
            #expect(!result.standardOutput.contains("\u{1B}"), "plain text, no link")
        }
    }

    @Test("L4: --help prints usage and exits 0", arguments: Step.all)
    func helpExitsZero(step: Step) async throws {
        let result = try await RunResult.run(step.command, ["--help"])
        #expect(result.status == 0)
        for word in [
            "Usage", "--offline", "--latency", "--language", "--window", "--keys", "TMDB_API_KEY",
            "q",
        ] {
            #expect(result.standardOutput.contains(word), "usage mentions \(word)")
        }
        #expect(result.standardError.isEmpty)
    }

    static let usageErrors: [(arguments: [String], says: String)] = [
        (["--frob"], "--frob"),
        (["--keys", "down dwn"], "dwn"),
        (["--latency", "soon"], "--latency"),
        (["--window", "month"], "--window"),
        (["--language"], "--language"),
    ]

    @Test(
        "L4 L7: bad input is one line plus a usage hint, exit 2", arguments: Step.all,
        usageErrors.indices)
    func badInputExitsTwo(step: Step, error: Int) async throws {
        let (arguments, says) = Self.usageErrors[error]
        let result = try await RunResult.run(step.command, arguments)
        #expect(result.status == 2)
        let lines = result.standardError.split(separator: "\n")
        #expect(lines.count == 2, "\(result.standardError)")
        #expect(lines.first?.contains(says) == true)
        #expect(lines.last?.contains("--help") == true)
        #expect(result.standardOutput.isEmpty)
    }

    @Test(
        "L6: in Xcode's console, even one that is a terminal, the first screen is printed with a hint",
        arguments: Step.all,
        [
            ["__XCODE_BUILT_PRODUCTS_DIR_PATHS": "/Users/learner/DerivedData/Build/Products/Debug"],
            ["XPC_SERVICE_NAME": "application.com.apple.dt.Xcode.4242.4243"],
        ])
    func xcodeConsolePrintsTheFirstScreenAndSaysHowToRun(
        step: Step, environment: [String: String]
    ) async throws {
        try await withChildProcessSlot {
            var process = try #require(
                PseudoTerminalProcess(
                    executable: RunResult.executable(step.command).path, environment: environment))
            defer { process.close() }

            let status = await process.waitForExit(timeout: .seconds(60))
            process.drain()

            #expect(status == 0, "printed and ended, not waiting for keys")
            let output = process.outputText
            #expect(output.contains("Trending movies"))
            #expect(!output.contains("\u{1B}[?1049h"), "no alternate screen")
            #expect(output.contains("Xcode's console is not a terminal"))
            #expect(output.contains("swift run \(step.command)` in Terminal"))
            #expect(output.contains("--keys"))
        }
    }

    @Test("L6: outside Xcode a print mode says nothing more", arguments: Step.all)
    func pipedOutputHasNoXcodeHint(step: Step) async throws {
        let result = try await RunResult.run(step.command, [])
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty)
    }

    @Test("L6: piped output is the first settled screen as plain text", arguments: Step.all)
    func pipedOutputIsPlainText(step: Step) async throws {
        let result = try await RunResult.run(step.command, [])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("Trending movies"))
        #expect(result.standardOutput.contains("sample data"))
        #expect(!result.standardOutput.contains("\u{1B}"))
        #expect(!result.standardOutput.contains("Loading"))
        #expect(result.standardOutput.split(separator: "\n").count <= 24)
    }

    @Test("L7: --keys plays the script and prints the final screen", arguments: Step.all)
    func scriptedRunShowsTheSecondMovie(step: Step) async throws {
        let second = try SampleMovies.week[1]
        let result = try await RunResult.run(step.command, ["--keys", "down enter"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains(second.title.prefix(30)))
        #expect(result.standardOutput.contains("Cast"))
        #expect(!result.standardOutput.contains("\u{1B}"))
    }

    @Test(
        "P4 E7: scripted and piped, the poster box is plain text of its size, the same on every run",
        arguments: Step.all)
    func scriptedPosterBoxIsPlainText(step: Step) async throws {
        // NO_COLOR and a terminal that says it draws kitty images change nothing off a terminal.
        let environment = ["NO_COLOR": "1", "TERM": "xterm-kitty", "KITTY_WINDOW_ID": "1"]
        let first = try await RunResult.run(
            step.command, ["--keys", "enter", "--images", "kitty"], environment: environment)
        let second = try await RunResult.run(step.command, ["--keys", "enter"])
        #expect(first.status == 0 && second.status == 0)
        #expect(first.standardOutput == second.standardOutput)
        #expect(!first.standardOutput.contains("\u{1B}"))
        let rows = first.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        let box = rows.filter { $0.hasPrefix(" │") || $0.hasPrefix(" ┌") || $0.hasPrefix(" └") }
        #expect(box.count == 15, "the box is 15 rows")
        #expect(box.first?.hasPrefix(" ┌" + String(repeating: "─", count: 18) + "┐") == true)
        #expect(rows.contains { $0.hasPrefix(" │      poster      │") })
    }

    @Test(
        "L9: --keys plays ctrl-c as a terminal would: the run ends there, prints nothing, exit 130",
        arguments: Step.all)
    func scriptedControlCEndsTheRun(step: Step) async throws {
        let result = try await RunResult.run(step.command, ["--keys", "down ctrl-c down"])
        #expect(result.status == 130)
        #expect(result.standardOutput.isEmpty, "nothing printed after ctrl-c")
        #expect(result.standardError.isEmpty)
    }

    /// Every key name a script may use (L7), as `--help` names them (L9); any single
    /// character and a double-quoted word come on top.
    static let scriptKeyNames = [
        "up", "down", "left", "right", "pgup", "pgdn", "home", "end", "enter", "esc",
        "backspace", "delete", "tab", "space", "ctrl-a … ctrl-z", "alt-b",
    ]

    @Test("L9: --help names every key name that --keys accepts", arguments: Step.all)
    func helpNamesEveryScriptKey(step: Step) async throws {
        let help = try await RunResult.run(step.command, ["--help"]).standardOutput
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0.hasPrefix("Key names for --keys") })
        let section = lines[(start + 1)...].prefix { !$0.isEmpty }.joined(separator: " ")
        for name in Self.scriptKeyNames {
            #expect(section.contains(name), "--help names \(name)")
        }

        // And --keys takes every one of them (ctrl-c aside, which ends the run).
        let script =
            "down up pgdn pgup end home right left space tab ctrl-d ctrl-l ctrl-u ctrl-z"
            + " enter esc / \"super man\" alt-b left delete alt-backspace backspace"
        let played = try await RunResult.run(step.command, ["--keys", script])
        #expect(played.status == 0, "\(played.standardError)")
    }

    @Test(
        "L8: a credential never appears in output, also when TMDB rejects it", arguments: Step.all,
        ["TMDB_API_KEY", "TMDB_ACCESS_TOKEN"])
    func rejectedCredentialIsNeverPrinted(step: Step, variable: String) async throws {
        let secret = TestCredentials.value(for: variable)
        let rejection = StubResponse.tmdbError(
            statusCode: 401, code: 7,
            message: "Invalid API key: You must be granted a valid key.")
        let server = try ScriptedHTTPServer { _ in .response(rejection) }
        defer { server.stop() }
        let result = try await RunResult.run(
            step.command, ["--keys", "r ? esc"],
            environment: [variable: secret, "TMDB_BASE_URL": server.baseURL])

        #expect(result.status == 1)
        #expect(result.standardOutput.contains(variable))
        #expect(result.standardError.split(separator: "\n").count == 1)
        #expect(!result.standardOutput.contains(secret))
        #expect(!result.standardError.contains(secret))
        #expect(server.requests.count >= 1, "the rejection came from the server")
    }

    @Test(
        "L8: a credential that cannot be TMDB's is a usage error before anything is sent",
        arguments: Step.all, ["TMDB_API_KEY", "TMDB_ACCESS_TOKEN"])
    func misshapenCredentialIsAUsageError(step: Step, variable: String) async throws {
        let server = try ScriptedHTTPServer { _ in .response(.json("{}")) }
        defer { server.stop() }
        let result = try await RunResult.run(
            step.command, [], environment: [variable: "x", "TMDB_BASE_URL": server.baseURL])
        #expect(result.status == 2)
        let lines = result.standardError.split(separator: "\n")
        #expect(lines.first?.hasPrefix("\(step.command): \(variable) is not a TMDB ") == true)
        #expect(lines.count == 2, "what was wrong, and a hint to try --help (L4)")
        #expect(server.requests.isEmpty, "nothing was sent")
    }

    @Test("L3: an unreachable server is a plain message, not a crash", arguments: Step.all)
    func unreachableServer(step: Step) async throws {
        let result = try await RunResult.run(
            step.command, [],
            environment: [
                "TMDB_API_KEY": TestCredentials.apiKey, "TMDB_BASE_URL": "http://127.0.0.1:9",
            ])
        #expect(result.status == 1)
        // T9: the host and port, nothing more: not "offline", which the system did not say.
        #expect(result.standardOutput.contains("Couldn't connect to 127.0.0.1:9."))
        #expect(result.standardError == "Couldn't connect to 127.0.0.1:9.\n")
        #expect(!result.standardOutput.lowercased().contains("offline"))
    }

    @Test(
        "T9 L8: the server a connection failed to is named by host and port, never with a credential or a query",
        arguments: Step.all)
    func unreachableServerIsNamedWithoutSecrets(step: Step) async throws {
        let secret = TestCredentials.apiKey
        let result = try await RunResult.run(
            step.command, [],
            environment: [
                "TMDB_API_KEY": secret,
                "TMDB_BASE_URL": "http://user:\(secret)@127.0.0.1:1/?api_key=\(secret)#\(secret)",
            ])
        #expect(result.status == 1)
        #expect(result.standardError == "Couldn't connect to 127.0.0.1:1.\n")
        #expect(!result.standardOutput.contains(secret))
        #expect(!result.standardOutput.contains("user"))
    }
}

extension PseudoTerminalProcess {
    /// Rows that page 1's 20 movies fill with none of the last four in view, so that the
    /// first settled screen holds page 1 alone ("1 / 20"); at 24 rows page 2 follows (T6).
    static let rowsFilledByOnePage: UInt16 = 16
}

/// The sample data's trending list, as the app shows it.
enum SampleMovies {
    static var week: [Movie] {
        get throws {
            let url = try #require(
                URL(string: "https://api.themoviedb.org/3/trending/movie/week?page=1"))
            let page = try JSONDecoder().decode(
                MoviePage.self, from: SampleData.response(for: url).body)
            return page.results.filter { !$0.isAdult }
        }
    }
}

/// One finished run of a step's binary.
struct RunResult {
    var status: Int32
    var standardOutput: String
    var standardError: String

    /// Runs the product with stdin closed and stdout piped (or written to `outputPath`), with
    /// the test process's environment less its TMDB variables, at 80×24, plus `environment`.
    /// `PipedRun`, not Foundation's `Process`, which can crash the test process on Linux. It
    /// waits for the child on a thread of its own, so that the test suspends meanwhile and the
    /// other tests keep the cooperative pool, which on two cores has two threads.
    static func run(
        _ command: String, _ arguments: [String], environment: [String: String] = [:],
        outputPath: String? = nil
    ) async throws -> RunResult {
        var base = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("TMDB_") }
        base["COLUMNS"] = "80"
        base["LINES"] = "24"
        let path = try executable(command).path
        let variables = base.merging(environment) { $1 }
        let finished = try await withChildProcessSlot {
            await withCheckedContinuation { continuation in
                let waiter = Thread {
                    continuation.resume(
                        returning: PipedRun.run(
                            executable: path, arguments: arguments, environment: variables,
                            outputPath: outputPath))
                }
                waiter.start()
            }
        }
        let run = try #require(finished, "\(command) could not be started")
        return RunResult(
            status: run.status,
            standardOutput: String(decoding: run.output, as: UTF8.self),
            standardError: String(decoding: run.error, as: UTF8.self))
    }

    /// The built product beside the test bundle (`.build/debug/mvc`).
    static func executable(_ command: String) throws -> URL {
        try BuiltProducts.executable(command)
    }
}
