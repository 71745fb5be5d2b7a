import Testing

@testable import TerminalUI

/// L4, L6, L7: options, key scripts and the off-screen launch modes.
@Suite struct CommandLineTests {
    static let options = [
        CommandLineOption(name: "--offline", valueName: nil, summary: "use sample data"),
        CommandLineOption(name: "--latency", valueName: "MS", summary: "delay responses"),
    ]

    @Test func parsesOptionsInBothForms() throws {
        let parsed = try CommandLineParser.parse(
            ["--latency", "800", "--offline"], options: Self.options)
        #expect(parsed.values == ["--latency": "800", "--offline": ""])
        #expect(parsed.keyScript == nil)
        #expect(!parsed.wantsHelp)
        let equals = try CommandLineParser.parse(
            ["--latency=5", "--keys=down enter"], options: Self.options)
        #expect(equals.values == ["--latency": "5"])
        #expect(equals.keyScript == [.down, .enter])
    }

    @Test("--help and -h ask for usage (L4)", arguments: ["--help", "-h"])
    func help(_ argument: String) throws {
        #expect(try CommandLineParser.parse([argument], options: Self.options).wantsHelp)
    }

    @Test(
        "mistakes are one-line usage errors (L4)",
        arguments: [
            (["--frob"], "unknown option '--frob'"),
            (["--frob=1"], "unknown option '--frob'"),
            (["--latency"], "--latency needs a value (MS)"),
            (["--latency", "--offline"], "--latency needs a value (MS)"),
            (["--keys"], "--keys needs a value (SCRIPT)"),
            (["--offline=yes"], "--offline takes no value"),
            (["extra"], "unexpected argument 'extra'"),
        ])
    func usageErrors(_ arguments: [String], _ message: String) {
        #expect(throws: UsageError(message: message)) {
            try CommandLineParser.parse(arguments, options: Self.options)
        }
    }

    @Test("key scripts name every key (L7)")
    func keyScripts() throws {
        let keys = try Key.parseScript(
            "up down left right pgup pgdn home end enter esc backspace tab space q ? G 한 ctrl-c")
        #expect(
            keys == [
                .up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .enter, .escape,
                .backspace, .tab,
                .character(" "), .character("q"), .character("?"), .character("G"), .character("한"),
                .control("c"),
            ])
        #expect(try Key.parseScript("  down\tdown  ") == [.down, .down])
        #expect(try Key.parseScript("ENTER") == [.enter])
        #expect(
            keys.map(\.description).joined(separator: " ").hasPrefix("up down left right pgup pgdn")
        )
    }

    @Test("a bad key name is a usage error naming it (L7)")
    func badKeyName() {
        #expect(Key(name: "dwn") == nil)
        #expect(throws: UsageError.self) { try Key.parseScript("down dwn") }
        do {
            _ = try Key.parseScript("down dwn")
        } catch {
            #expect(
                error.message.hasPrefix(
                    "unknown key 'dwn' in --keys (known: up, down, left, right, pgup, pgdn,"))
        }
    }

    @Test func aKeyScriptChoosesThePlayMode() throws {
        let parsed = try CommandLineParser.parse(["--keys", "down enter"], options: [])
        guard case .playScript(let keys) = Launcher.mode(for: parsed) else {
            Issue.record("expected playScript")
            return
        }
        #expect(keys == [.down, .enter])
    }

    @Test("usage lists options, keys, variables and notes (L4)")
    func usageText() {
        let text = CommandLineParser.usage(
            command: "mvc", summary: "TMDB's trending movies.", options: Self.options,
            help: testHelp,
            environment: [("TMDB_API_KEY", "the key")])
        #expect(text.contains("Usage: mvc [options]"))
        #expect(text.contains("  --latency MS  "))
        #expect(text.contains("  --keys SCRIPT  "))
        #expect(text.contains("  -h, --help  "))
        #expect(text.contains("  ↑ k  move up"))
        #expect(text.contains("  TMDB_API_KEY  the key"))
        #expect(text.contains("not endorsed or certified by TMDB"))
    }

    @MainActor
    @Test("the off-screen modes print plain text after playing the keys (L6, L7)")
    func offScreenRender() async {
        let result = await Launcher.renderOffScreen(
            keys: [.down, .down, .enter], size: Size(width: 50, height: 12), help: testHelp
        ) {
            NavigationController(rootViewController: ListViewController(rowCount: 40))
        }
        #expect(result.screen.count == 12)
        #expect(result.screen[0].hasPrefix("List · test"))
        #expect(result.errorMessage == nil)
        #expect(!result.screen.joined().contains("\u{1B}"))
    }

    @MainActor
    @Test("an error on the settled screen is reported for the exit status (L6)")
    func offScreenError() async {
        let result = await Launcher.renderOffScreen(
            keys: [], size: Size(width: 80, height: 24), help: testHelp
        ) {
            let controller = ViewController()
            controller.view.addSubview(
                MessageView(kind: .error, message: "You're offline.", hint: "r to retry"))
            return controller
        }
        #expect(result.errorMessage == "You're offline.")
        #expect(result.screen.contains { $0.contains("You're offline.") })
    }
}
