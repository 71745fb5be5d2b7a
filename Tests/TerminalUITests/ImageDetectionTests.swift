import StepTestSupport
import Testing

@testable import TerminalUI

/// Detection, once at launch (P3, P4): the environment first; where it leaves a doubt, one
/// burst of queries whose replies are never keys, with a 200 ms limit on the kit's clock.
@MainActor
@Suite struct ImageDetectionTests {
    nonisolated static let kitty = ImageRendering(backEnd: .kittyPlaceholders)
    nonisolated static let iTerm = ImageRendering(backEnd: .iTermInline)
    nonisolated static let blocks = ImageRendering(backEnd: .halfBlocks(trueColor: true))
    nonisolated static let blocks256 = ImageRendering(backEnd: .halfBlocks(trueColor: false))
    nonisolated static let plain = ImageRendering.plain

    /// The environment alone: a decision, or nil where the queries must tell.
    nonisolated static let environments: [(ImageOption, [String: String], ImageRendering?)] = [
        (.auto, [:], plain),
        (.auto, ["TERM": "dumb"], plain),
        (.auto, ["TERM": "xterm-kitty", "KITTY_WINDOW_ID": "1", "NO_COLOR": "1"], plain),
        (.kitty, ["TERM": "xterm-kitty", "NO_COLOR": "1"], plain),
        (.auto, ["TERM": "xterm-ghostty", "TERM_PROGRAM": "ghostty"], kitty),
        (.auto, ["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app"], iTerm),
        (.auto, ["TERM": "xterm-256color", "LC_TERMINAL": "iTerm2"], iTerm),
        (.auto, ["TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm", "WEZTERM_PANE": "0"], iTerm),
        (
            .auto,
            ["TERM": "xterm-256color", "COLORTERM": "truecolor", "KONSOLE_VERSION": "221203"], iTerm
        ),
        (.auto, ["TERM": "xterm-256color", "TERM_PROGRAM": "vscode"], iTerm),
        (.auto, ["TERM": "xterm-256color", "TERM_PROGRAM": "Apple_Terminal"], blocks256),
        (.auto, ["TERM": "xterm", "XTERM_VERSION": "XTerm(379)"], blocks),
        (.auto, ["TERM": "xterm-256color", "VTE_VERSION": "7200"], blocks),
        (.auto, ["TERM": "alacritty", "COLORTERM": "truecolor"], blocks),
        (.auto, ["TERM": "xterm-kitty", "KITTY_WINDOW_ID": "1", "COLORTERM": "truecolor"], nil),
        (.auto, ["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0"], nil),
        (.auto, ["TERM": "xterm-256color"], nil),
        (.kitty, ["TERM": "xterm-256color", "TERM_PROGRAM": "Apple_Terminal"], kitty),
        (.iterm, ["TERM": "xterm-kitty"], iTerm),
        (.blocks, ["TERM": "xterm-kitty"], blocks),
        (.blocks, ["TERM": "xterm-256color"], blocks256),
        (.none, ["TERM": "xterm-kitty"], plain),
    ]

    @Test("the environment decides where it can (P3, P4)", arguments: environments.indices)
    func environmentDecides(index: Int) {
        let (option, environment, expected) = Self.environments[index]
        #expect(ImageDetector(option: option, environment: environment).decision == expected)
    }

    nonisolated static let kittyEnvironment = ["TERM": "xterm-kitty", "KITTY_WINDOW_ID": "1"]
    nonisolated static let tmuxEnvironment = [
        "TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0",
    ]
    nonisolated static let unknownEnvironment = ["TERM": "xterm-256color"]

    /// What the replies decide, DA1 last.
    nonisolated static let replies: [([String: String], [TerminalReply], ImageRendering)] = [
        (kittyEnvironment, [.kittyGraphics("i=31;OK"), .version("kitty(0.35.2)")], kitty),
        // kitty before 0.28 answers a=q but cannot show placeholders.
        (kittyEnvironment, [.kittyGraphics("i=31;OK"), .version("kitty(0.26.5)")], blocks),
        (unknownEnvironment, [.version("ghostty 1.1.0")], kitty),
        // Konsole answers a=q with OK too, yet draws placeholders as boxes.
        (unknownEnvironment, [.kittyGraphics("i=31;OK"), .version("Konsole 22.12.3")], iTerm),
        (unknownEnvironment, [.kittyGraphics("i=31;OK")], blocks256),
        (unknownEnvironment, [.version("XTerm(379)")], blocks),
        (unknownEnvironment, [], blocks256),
        (unknownEnvironment, [.other, .version("")], blocks256),
        (
            tmuxEnvironment, [.version("kitty(0.35.0)")],
            ImageRendering(backEnd: .kittyPlaceholders, passesThroughTmux: true)
        ),
    ]

    @Test("the replies decide, once DA1 has answered (P3)", arguments: replies.indices)
    func repliesDecide(index: Int) {
        let (environment, replies, expected) = Self.replies[index]
        var detector = ImageDetector(option: .auto, environment: environment)
        for reply in replies {
            #expect(detector.receive(reply) == nil, "only DA1 ends the burst")
        }
        #expect(detector.receive(.deviceAttributes([62])) == expected)
    }

    @Test("one burst: a=q, XTVERSION, DA1 last; inside tmux each through the passthrough")
    func queries() {
        let detector = ImageDetector(option: .auto, environment: Self.unknownEnvironment)
        #expect(
            detector.queries == "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[>0q\u{1B}[c")
        let inTmux = ImageDetector(option: .auto, environment: Self.tmuxEnvironment)
        #expect(
            inTmux.queries
                == "\u{1B}Ptmux;\u{1B}\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\u{1B}\\\u{1B}\\"
                + "\u{1B}Ptmux;\u{1B}\u{1B}[>0q\u{1B}\\\u{1B}Ptmux;\u{1B}\u{1B}[c\u{1B}\\")
    }

    // MARK: Replies are never keys

    nonisolated static let kittyReplies = Array(
        "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|kitty(0.26.5)\u{1B}\\\u{1B}[?62;c".utf8)

    @Test(
        "replies split anywhere are never keys, nor once under way when the Esc timeout fires (P3)")
    func splitRepliesAreNoKeys() {
        let bytes = Self.kittyReplies + Array("q".utf8)
        for split in 1..<bytes.count {
            var decoder = InputDecoder()
            var keys = decoder.feed(bytes[..<split])
            // A reply under way waits for its end: the reader would not time out, and a
            // flush takes nothing of it.
            if decoder.isReadingReply { keys += decoder.flush() }
            keys += decoder.feed(bytes[split...])
            #expect(keys == [.character("q")], "split at \(split)")
            #expect(
                decoder.takeReplies()
                    == [
                        .kittyGraphics("i=31;OK"), .version("kitty(0.26.5)"),
                        .deviceAttributes([62]),
                    ],
                "split at \(split)")
        }
    }

    @Test("Esc and a letter stays Alt and the letter, where no reply starts (S1)")
    func altLettersStay() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("\u{1B}P".utf8)) + decoder.flush() == [.alt(.character("P"))])
        #expect(decoder.feed(Array("\u{1B}_x".utf8)) == [.alt(.character("_")), .character("x")])
        #expect(decoder.feed(Array("\u{1B}]".utf8)) + decoder.flush() == [.alt(.character("]"))])
        #expect(decoder.takeReplies().isEmpty)
    }

    @Test("a broken reply is dropped, and what follows it decodes (P3)")
    func garbageReplies() {
        var decoder = InputDecoder()
        let keys = decoder.feed(Array("\u{1B}P>|broken\u{1B}[?1;2cx".utf8))
        #expect(keys == [.character("x")])
        #expect(decoder.takeReplies() == [.other, .deviceAttributes([1, 2])])
        // An unterminated reply longer than any is dropped rather than kept for ever.
        let endless =
            Array("\u{1B}_G".utf8) + [UInt8](repeating: 0x41, count: InputDecoder.maximumReplySize)
        #expect(decoder.feed(endless).isEmpty)
        #expect(decoder.feed(Array("y".utf8)) == [.character("y")])
    }

    // MARK: On a terminal, with the kit's clock

    /// A screen that keeps every key it is given.
    final class KeyLogController: ViewController {
        var keys: [Key] = []

        override func viewDidLoad() {
            super.viewDidLoad()
            navigationItem.title = "keys"
        }

        override func handle(_ key: Key) -> Bool {
            keys.append(key)
            return true
        }
    }

    /// An application on a virtual terminal whose detector must ask, and a clock whose
    /// first sleep (the time limit) has begun.
    func makeDetectingApplication(environment: [String: String]) async -> (
        Application, VirtualTerminal, KeyLogController, TestClock
    ) {
        let (sleeps, sleepBegan) = AsyncStream.makeStream(of: Void.self)
        let clock = TestClock(onSleep: { sleepBegan.yield() })
        let terminal = VirtualTerminal(width: 40, height: 10)
        let controller = KeyLogController()
        let application = Application(
            rootViewController: NavigationController(rootViewController: controller),
            terminal: terminal, help: testHelp,
            imageDetector: ImageDetector(option: .auto, environment: environment), clock: clock)
        application.start()
        var iterator = sleeps.makeAsyncIterator()
        _ = await iterator.next()
        return (application, terminal, controller, clock)
    }

    @Test("the queries go out once; the first frame waits for the replies, split across reads")
    func splitRepliesDecide() async {
        let (application, terminal, _, _) = await makeDetectingApplication(
            environment: Self.kittyEnvironment)
        #expect(terminal.writeCount == 1)
        #expect(
            terminal.lastWrite
                == Array(
                    ImageDetector(option: .auto, environment: Self.kittyEnvironment).queries.utf8))
        #expect(application.imageRendering == nil)
        #expect(terminal.rows.allSatisfy { $0.isEmpty }, "no frame before the decision")
        terminal.receive(Array("\u{1B}_Gi=31;O".utf8))
        terminal.receive(Array("K\u{1B}\\\u{1B}P>|kit".utf8))
        terminal.receive(Array("ty(0.35.1)\u{1B}\\\u{1B}[?62;".utf8))
        terminal.receive(Array("c".utf8))
        #expect(await application.waitUntilSettled())
        #expect(application.imageRendering == Self.kitty)
        #expect(terminal.rows[0].contains("keys"))
        application.quit()
    }

    @Test("a silent terminal: the fallback after 200 ms on the kit's clock (P3)")
    func silentTerminalFallsBack() async {
        let (application, terminal, _, clock) = await makeDetectingApplication(
            environment: Self.unknownEnvironment)
        clock.advance(by: .milliseconds(199))
        #expect(clock.nextDeadline != nil, "still waiting at 199 ms")
        clock.advance(by: .milliseconds(1))
        #expect(await application.waitUntilSettled())
        #expect(application.imageRendering == Self.blocks256)
        #expect(terminal.rows[0].contains("keys"))
        application.quit()
    }

    @Test("a reply after the limit, and a key right after it: the key is the only key (P3)")
    func lateReplyIsNoKey() async {
        let (application, terminal, controller, clock) = await makeDetectingApplication(
            environment: Self.kittyEnvironment)
        clock.advance(by: ImageDetector.timeLimit)
        #expect(await application.waitUntilSettled())
        #expect(application.imageRendering == Self.blocks)
        terminal.receive(Self.kittyReplies + Array("x".utf8))
        #expect(await application.waitUntilSettled())
        #expect(controller.keys == [.character("x")])
        #expect(application.imageRendering == Self.blocks, "decided once")
        // Split, late, and `q` right after it: the app quits, and took nothing else as a key.
        terminal.receive(Array(Self.kittyReplies[..<5]))
        terminal.receive(Array(Self.kittyReplies[5...]) + Array("q".utf8))
        #expect(await application.waitUntilSettled())
        #expect(!application.isRunning)
        #expect(controller.keys == [.character("x")])
    }
}
