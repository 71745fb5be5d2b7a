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
            "up down left right pgup pgdn home end enter esc backspace delete tab space q ? G 한"
                + " ctrl-c alt-b alt-B alt-space alt-backspace alt-한")
        #expect(
            keys == [
                .up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .enter, .escape,
                .backspace, .delete, .tab,
                .character(" "), .character("q"), .character("?"), .character("G"), .character("한"),
                .control("c"), .alt(.character("b")), .alt(.character("B")), .alt(.character(" ")),
                .alt(.backspace), .alt(.character("한")),
            ])
        #expect(keys.map { Key(name: $0.description) } == keys, "each name reads back")
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

    @Test("a double-quoted word types its characters, spaces and key names included (L7, S1)")
    func quotedWordsTypeTheirCharacters() throws {
        #expect(
            try Key.parseScript(#"/ "super man" down"#)
                == [.character("/")] + "super man".map { Key.character($0) } + [.down])
        #expect(
            try Key.parseScript(#""q?" "슈퍼" "down" "" enter"#)
                == [
                    .character("q"), .character("?"), .character("슈"), .character("퍼"),
                    .character("d"), .character("o"), .character("w"), .character("n"), .enter,
                ])
        #expect(try Key.parseScript(#""a  b""#) == "a  b".map { Key.character($0) })
        #expect(try Key.parseScript("\"e\u{301}\"") == [.character("e\u{301}")])
    }

    @Test(
        "a quote without its closing quote is a usage error (L7)",
        arguments: [#"/ "super"#, "\"", #"down "a" "b"#, #"/ "super man"#])
    func unterminatedQuoteIsAUsageError(_ script: String) {
        #expect(throws: UsageError(message: #"--keys has a " without its closing ""#)) {
            try Key.parseScript(script)
        }
        #expect(throws: UsageError.self) {
            try CommandLineParser.parse(["--keys", script], options: [])
        }
    }

    @Test(
        "a quoted word is typed whole on the command line, however long (L7, S1)",
        arguments: [
            String(repeating: "a", count: 60), String(repeating: "슈퍼맨", count: 10),
            "super  man " + String(repeating: "x", count: 45),
        ])
    func longQuotedWordsAreTypedWhole(_ text: String) throws {
        let parsed = try CommandLineParser.parse(["--keys", "/ \"\(text)\" enter"], options: [])
        #expect(parsed.keyScript == [.character("/")] + text.map { Key.character($0) } + [.enter])
    }

    /// Whether `text` holds anything a terminal would act on: C0 (newline included), DEL, C1.
    static func hasControlCharacters(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    }

    static let retitle = "\u{1B}]2;PWNED\u{7}"

    @Test(
        "what a usage error echoes is sanitised like API text (T4, L4)",
        arguments: [
            (["--fr\(retitle)ob"], "unknown option '--frob' (control characters removed)"),
            (["--fr\u{9B}2Job=1"], "unknown option '--frob' (control characters removed)"),
            (["ex\u{7}tra"], "unexpected argument 'ex\u{FFFD}tra' (control characters removed)"),
            (["--keys", "down d\(retitle)wn"], "unknown key 'dwn' in --keys"),
            (["--keys", "down \u{1B}[2J"], "unknown key '' in --keys"),
        ])
    func echoedControlsAreSanitised(_ arguments: [String], _ says: String) {
        do {
            _ = try CommandLineParser.parse(arguments, options: Self.options)
            Issue.record("expected a usage error")
        } catch {
            #expect(error.message.hasPrefix(says), "\(error.message)")
            #expect(!Self.hasControlCharacters(error.message))
            #expect(!error.message.contains("PWNED"))
        }
    }

    @Test(
        "a long echoed value is cut (L4)",
        arguments: [
            ["--" + String(repeating: "z", count: 5000)],
            [String(repeating: "한", count: 3000)],
            ["--keys", "down " + String(repeating: "y", count: 5000) + " up"],
            ["--keys", String(repeating: "기", count: 41)],
        ])
    func longEchoIsCut(_ arguments: [String]) {
        do {
            _ = try CommandLineParser.parse(arguments, options: Self.options)
            Issue.record("expected a usage error")
        } catch {
            let echoed = error.message.split(separator: "'")[1]
            #expect(echoed.hasSuffix("…"), "\(error.message)")
            #expect(String(echoed).displayWidth <= UsageError.maximumEchoWidth)
        }
    }

    @Test("cutting long words leaves every valid key script as it was (L7)")
    func validKeyScriptsAreUnchanged() throws {
        let parsed = try CommandLineParser.parse(
            ["--keys", "  backspace\tq ctrl-c 한  pgdn"], options: [])
        #expect(
            parsed.keyScript == [
                .backspace, .character("q"), .control("c"), .character("한"), .pageDown,
            ])
    }

    @Test("a usage error's message is sanitised and bounded whoever built it (T4)")
    func messageIsSanitisedAtTheSource() {
        #expect(UsageError(message: "bad \(Self.retitle)value\n").message == "bad value ")
        let long = UsageError(message: String(repeating: "w ", count: 1000))
        #expect(long.message.displayWidth <= UsageError.maximumMessageWidth)
        #expect(long.message.hasSuffix("…"))
        #expect(UsageError.quoted("en-US") == "'en-US'")
        #expect(UsageError.quoted("x\u{1B}[31my") == "'xy' (control characters removed)")
        #expect(
            UsageError.quoted(String(repeating: "ab", count: 100))
                == "'" + String(repeating: "ab", count: 19) + "a…'")
    }

    @Test func aKeyScriptChoosesThePlayMode() throws {
        let parsed = try CommandLineParser.parse(["--keys", "down enter"], options: [])
        guard case .playScript(let keys) = Launcher.mode(for: parsed, environment: [:]) else {
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
        #expect(text.contains("Exit status:"))
        for status in ["0", "1", "2", "3", "4", "130"] {
            #expect(text.contains("\n  \(status) "), "lists exit status \(status)")
        }
    }

    @Test("usage names every key name a script may use, from the parser's own table (L9)")
    func usageNamesEveryScriptKey() throws {
        let text = CommandLineParser.usage(
            command: "mvc", summary: "TMDB's trending movies.", options: [], help: testHelp,
            environment: [])
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex(of: "Key names for --keys:"))
        let section = lines[(start + 1)...].prefix { !$0.isEmpty }
        #expect(section.allSatisfy { $0.hasPrefix("  ") && $0.count <= 80 }, "\(section)")
        let words = Set(
            section.joined(separator: " ").split(whereSeparator: { " ,()".contains($0) }).map(
                String.init))
        for (name, key) in Key.namedKeys {
            #expect(words.contains(name), "usage names \(name)")
            #expect(Key(name: name) == key, "\(name) parses")
        }
        #expect(section.joined(separator: " ").contains("ctrl-a … ctrl-z"))
        for letter in "abcdefghijklmnopqrstuvwxyz" {
            #expect(Key(name: "ctrl-\(letter)") == .control(letter), "ctrl-\(letter) parses")
        }
        #expect(Key(name: "ctrl-1") == nil)
        #expect(words.contains("alt-b"), "usage names the Alt keys")
        for name in ["alt-", "alt-ctrl-c", "alt-alt-b", "alt-up", "alt-esc"] {
            #expect(Key(name: name) == nil, "\(name) is no key")
        }
    }

    @Test("an unknown key's usage error lists the same names (L7, L9)")
    func unknownKeyListsTheNames() {
        #expect(
            throws: UsageError(
                message: "unknown key 'ctrl-1' in --keys (known: "
                    + Key.namedKeys.map(\.name).joined(separator: ", ")
                    + ", ctrl-a … ctrl-z, alt-KEY, or any single character)")
        ) {
            try Key.parseScript("down ctrl-1")
        }
    }

    @Test("the exit statuses are distinct and documented (L4, L6, L7)")
    func exitStatuses() {
        let statuses = ExitStatus.meanings.map(\.status)
        #expect(Set(statuses).count == statuses.count)
        #expect(statuses == [0, 1, 2, 3, 4, 5, 130])
        #expect(ExitStatus.screenNotShown == 3)
        #expect(ExitStatus.outputFailed == 4)
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
