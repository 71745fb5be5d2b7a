import Testing

@testable import TerminalUI

/// The canvas holds cells; the renderer writes only what changed, in one write per frame.
@MainActor
@Suite struct RendererTests {
    @Test func wideCharactersTakeTwoCellsAndAreClippedAtTheEdge() {
        let canvas = Canvas(size: Size(width: 6, height: 2))
        canvas.draw("기생충 영화", x: 0, y: 0)
        canvas.draw("ab한", x: 3, y: 1)
        #expect(canvas.lines == ["기생…", "   ab…"])
        #expect(canvas.cell(x: 1, y: 0).isContinuation)
    }

    @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
        let canvas = Canvas(size: Size(width: 6, height: 1))
        canvas.draw("한글", x: 0, y: 0)
        canvas.draw("x", x: 1, y: 0)
        #expect(canvas.lines == [" x글"])
    }

    @Test func drawRespectsMaxWidthAndStyle() {
        let canvas = Canvas(size: Size(width: 20, height: 1))
        canvas.fill(Rect(x: 0, y: 0, width: 20, height: 1), style: .reversed)
        canvas.draw("Trending movies", x: 2, y: 0, maxWidth: 8, style: .reversed)
        #expect(canvas.lines == ["  Trendin…"])
        #expect(canvas.cell(x: 19, y: 0).style == .reversed)
    }

    @Test func virtualTerminalShowsWhatTheRendererWrote() {
        let terminal = VirtualTerminal(width: 20, height: 3)
        let renderer = Renderer(colorEnabled: true)
        let canvas = Canvas(size: Size(width: 20, height: 3))
        canvas.draw("기생충 🎬", x: 1, y: 0, style: Style(isBold: true, foreground: .red))
        canvas.draw("second", x: 0, y: 2, style: .dim)
        terminal.write(renderer.render(canvas))
        #expect(terminal.rows == [" 기생충 🎬", "", "second"])
        #expect(terminal.rows == canvas.lines)
    }

    @Test("wide characters shifted by one column show as they are drawn (S1, T3)")
    func virtualTerminalShowsWideCharactersShifted() {
        let terminal = VirtualTerminal(width: 20, height: 1)
        let renderer = Renderer(colorEnabled: true)
        for text in ["a슈👍🏽e\u{301}", "ax슈👍🏽e\u{301}", "a슈👍🏽e\u{301}", "슈a👍🏽"] {
            let canvas = Canvas(size: Size(width: 20, height: 1))
            canvas.draw(text, x: 0, y: 0)
            terminal.write(renderer.render(canvas))
            #expect(terminal.rows == canvas.lines, "after \(text)")
        }
    }

    @Test func anUnchangedFrameWritesNothing() {
        let renderer = Renderer(colorEnabled: true)
        let canvas = Canvas(size: Size(width: 10, height: 2))
        canvas.draw("hello", x: 0, y: 0)
        #expect(!renderer.render(canvas).isEmpty)
        #expect(renderer.render(canvas).isEmpty)
    }

    @Test func onlyTheChangedSpanIsWritten() {
        let renderer = Renderer(colorEnabled: true)
        let first = Canvas(size: Size(width: 80, height: 24))
        first.draw("Trending movies", x: 0, y: 0)
        first.draw("12 / 60", x: 73, y: 0)
        _ = renderer.render(first)
        let second = Canvas(size: Size(width: 80, height: 24))
        second.draw("Trending movies", x: 0, y: 0)
        second.draw("13 / 60", x: 73, y: 0)
        let bytes = renderer.render(second)
        #expect(String(decoding: bytes, as: UTF8.self) == "\u{1B}[1;75H3")
    }

    @Test func shorterTextErasesTheRestOfTheRow() {
        let terminal = VirtualTerminal(width: 30, height: 2)
        let renderer = Renderer(colorEnabled: true)
        let first = Canvas(size: Size(width: 30, height: 2))
        first.draw("a long line of text", x: 0, y: 0)
        terminal.write(renderer.render(first))
        let second = Canvas(size: Size(width: 30, height: 2))
        second.draw("short", x: 0, y: 0)
        let bytes = renderer.render(second)
        terminal.write(bytes)
        #expect(terminal.rows[0] == "short")
        #expect(String(decoding: bytes, as: UTF8.self).hasSuffix("\u{1B}[K"))
    }

    @Test("NO_COLOR keeps bold and reverse but drops colour (L3)")
    func colourCanBeTurnedOff() {
        let canvas = Canvas(size: Size(width: 10, height: 1))
        canvas.draw("x", x: 0, y: 0, style: Style(isBold: true, isReversed: true, foreground: .red))
        let colored = String(decoding: Renderer(colorEnabled: true).render(canvas), as: UTF8.self)
        let plain = String(decoding: Renderer(colorEnabled: false).render(canvas), as: UTF8.self)
        #expect(colored.contains("\u{1B}[0;1;7;31m"))
        #expect(plain.contains("\u{1B}[0;1;7m"))
        #expect(!plain.contains("31"))
        #expect(!TerminalEnvironment.isColorEnabled(["NO_COLOR": "1"]))
        #expect(TerminalEnvironment.isColorEnabled(["NO_COLOR": ""]))
        #expect(TerminalEnvironment.isColorEnabled([:]))
    }

    @Test func sizeFallsBackToColumnsAndLinesThenEightyByTwentyFour() {
        #expect(
            TerminalEnvironment.fallbackSize(["COLUMNS": "100", "LINES": "30"])
                == Size(width: 100, height: 30))
        #expect(TerminalEnvironment.fallbackSize(["COLUMNS": "x"]) == Size(width: 80, height: 24))
        #expect(TerminalEnvironment.fallbackSize([:]) == Size(width: 80, height: 24))
    }

    @Test("moving a list selection rewrites only the two changed rows, well under 400 bytes")
    func selectionMoveIsCheap() async {
        let root = ListViewController(rowCount: 10_000)
        let navigation = NavigationController(rootViewController: root)
        let (application, terminal) = await makeApplication(root: navigation)
        let writesBefore = terminal.writeCount
        let bytesBefore = terminal.bytesWritten
        terminal.type(.down)
        #expect(await application.waitUntilSettled())
        #expect(terminal.writeCount == writesBefore + 1)
        let frameBytes = terminal.bytesWritten - bytesBefore
        #expect(frameBytes < 400)
        #expect(frameBytes == terminal.lastWrite.count)
        let text = String(decoding: terminal.lastWrite, as: UTF8.self)
        #expect(text.contains("\u{1B}[2;1H"))
        #expect(text.contains("\u{1B}[3;1H"))
        #expect(!text.contains("\u{1B}[4;1H"))
        #expect(terminal.rows[2] == "Row 1")
    }

    // MARK: The terminal cursor (S1)

    /// A 20×3 frame with "typed" on row 1 and, when given, the cursor at `cursor`.
    static func frame(text: String = "typed", cursor: (x: Int, y: Int)?) -> Canvas {
        let canvas = Canvas(size: Size(width: 20, height: 3))
        canvas.draw(text, x: 0, y: 1)
        canvas.cursor = cursor
        return canvas
    }

    @Test("the cursor shows where the canvas puts it, after the frame's text (S1)")
    func cursorShowsWhereTheCanvasSays() {
        let renderer = Renderer(colorEnabled: true)
        let bytes = String(decoding: renderer.render(Self.frame(cursor: (5, 1))), as: UTF8.self)
        #expect(bytes.hasSuffix("typed\u{1B}[2;6H\u{1B}[?25h"), "\(bytes.debugDescription)")
    }

    @Test("an unchanged frame with the cursor where it was writes nothing (S1)")
    func unchangedCursorWritesNothing() {
        let renderer = Renderer(colorEnabled: true)
        _ = renderer.render(Self.frame(cursor: (5, 1)))
        #expect(renderer.render(Self.frame(cursor: (5, 1))).isEmpty)
    }

    @Test("writing cells moves the terminal's cursor, so it is put back after any write (S1)")
    func cursorIsPutBackAfterAWrite() {
        let renderer = Renderer(colorEnabled: true)
        _ = renderer.render(Self.frame(cursor: (5, 1)))
        let bytes = String(
            decoding: renderer.render(Self.frame(text: "typex", cursor: (5, 1))), as: UTF8.self)
        #expect(bytes.hasPrefix("\u{1B}[2;5Hx"))
        #expect(bytes.hasSuffix("\u{1B}[2;6H"), "\(bytes.debugDescription)")
        #expect(!bytes.contains("\u{1B}[?25h"), "no second show while it shows")
    }

    @Test("a cursor that moves over unchanged cells costs one cursor move (S1)")
    func movingTheCursorAlone() {
        let renderer = Renderer(colorEnabled: true)
        _ = renderer.render(Self.frame(cursor: (5, 1)))
        let bytes = String(decoding: renderer.render(Self.frame(cursor: (2, 1))), as: UTF8.self)
        #expect(bytes == "\u{1B}[2;3H")
    }

    @Test("the cursor hides once no canvas asks for it, and stays hidden (S1)")
    func cursorHidesAgain() {
        let renderer = Renderer(colorEnabled: true)
        _ = renderer.render(Self.frame(cursor: (5, 1)))
        #expect(
            String(decoding: renderer.render(Self.frame(cursor: nil)), as: UTF8.self)
                == "\u{1B}[?25l")
        #expect(renderer.render(Self.frame(cursor: nil)).isEmpty)
        let shownAgain = String(
            decoding: renderer.render(Self.frame(cursor: (0, 0))), as: UTF8.self)
        #expect(shownAgain == "\u{1B}[1;1H\u{1B}[?25h")
    }

    @Test("a frame without a cursor never shows one (S1)")
    func noCursorNoShow() {
        let bytes = String(
            decoding: Renderer(colorEnabled: true).render(Self.frame(cursor: nil)), as: UTF8.self)
        #expect(!bytes.contains("\u{1B}[?25h"))
        #expect(!bytes.contains("\u{1B}[?25l"))
    }

    @Test("after a resize redraws the screen, a frame without the cursor still hides it (S1, E3)")
    func cursorHidesAfterAFullRedraw() {
        let renderer = Renderer(colorEnabled: true)
        _ = renderer.render(Self.frame(cursor: (5, 1)))
        renderer.invalidate()
        let bytes = String(decoding: renderer.render(Self.frame(cursor: nil)), as: UTF8.self)
        #expect(bytes.hasPrefix("\u{1B}[0m\u{1B}[H\u{1B}[2J"))
        #expect(bytes.hasSuffix("\u{1B}[?25l"), "\(bytes.debugDescription)")
    }

    @Test(
        "after a resize redraws the screen, the cursor is put back where the canvas says (S1, E3)")
    func cursorReturnsAfterAFullRedraw() {
        let renderer = Renderer(colorEnabled: true)
        _ = renderer.render(Self.frame(cursor: (5, 1)))
        renderer.invalidate()
        let bytes = String(decoding: renderer.render(Self.frame(cursor: (5, 1))), as: UTF8.self)
        #expect(bytes.hasSuffix("typed\u{1B}[2;6H\u{1B}[?25h"), "\(bytes.debugDescription)")
        #expect(!bytes.contains("\u{1B}[?25l"))
    }

    @Test(
        "a full redraw shows the cursor even where it was shown: whoever had the terminal may have hidden it (E10, E9)"
    )
    func aFullRedrawShowsTheCursorAgain() {
        let renderer = Renderer(colorEnabled: true)
        _ = renderer.render(Self.frame(cursor: (5, 1)))
        renderer.invalidate()
        let bytes = String(decoding: renderer.render(Self.frame(cursor: (5, 1))), as: UTF8.self)
        #expect(bytes.hasSuffix("\u{1B}[2;6H\u{1B}[?25h"), "\(bytes.debugDescription)")
        #expect(renderer.render(Self.frame(cursor: (5, 1))).isEmpty, "then known again")
    }

    @Test("a full redraw without a cursor hides it, even where it was hidden (E10, E9)")
    func aFullRedrawHidesTheCursorAgain() {
        let renderer = Renderer(colorEnabled: true)
        _ = renderer.render(Self.frame(cursor: nil))
        renderer.invalidate()
        let bytes = String(decoding: renderer.render(Self.frame(cursor: nil)), as: UTF8.self)
        #expect(bytes.hasSuffix("\u{1B}[?25l"), "\(bytes.debugDescription)")
        #expect(renderer.render(Self.frame(cursor: nil)).isEmpty, "then known again")
    }

    @Test("shrinking below 40×10 while a field is edited hides the cursor (S1, E3)")
    func tooSmallHidesTheCursor() async {
        let root = ViewController()
        let field = TextField(prompt: "Search: ")
        root.view.addSubview(field)
        let (application, terminal) = await makeApplication(root: root, width: 40, height: 10)
        #expect(field.becomeFirstResponder())
        #expect(await application.waitUntilSettled())
        #expect(String(decoding: terminal.lastWrite, as: UTF8.self).hasSuffix("\u{1B}[?25h"))
        terminal.resize(width: 30, height: 8)
        #expect(await application.waitUntilSettled())
        let bytes = String(decoding: terminal.lastWrite, as: UTF8.self)
        #expect(terminal.rows.contains { $0.contains("Terminal too small") })
        #expect(bytes.hasSuffix("\u{1B}[?25l"), "\(bytes.debugDescription)")
    }
}

/// D1: a linked cell is an OSC 8 hyperlink on a terminal that shows links, and plain text
/// everywhere else.
@MainActor
@Suite struct HyperlinkTests {
    static let address = "https://www.youtube.com/watch?v=Way9Dexny3w"
    static let open = "\u{1B}]8;;\(address)\u{1B}\\"
    static let close = "\u{1B}]8;;\u{1B}\\"

    func frame(hyperlinks: Bool, link: String = address) -> String {
        let renderer = Renderer(colorEnabled: true, hyperlinksEnabled: hyperlinks)
        let canvas = Canvas(size: Size(width: 30, height: 2))
        canvas.draw("see:", x: 0, y: 0)
        canvas.draw(Self.address, x: 5, y: 0, style: Style(link: link))
        canvas.draw("after", x: 0, y: 1, style: .bold)
        return String(decoding: renderer.render(canvas), as: UTF8.self)
    }

    @Test("a linked text is one OSC 8 link, closed before the cursor moves on (D1)")
    func linkedCellsAreOneHyperlink() {
        let text = frame(hyperlinks: true)
        let cut = Self.address.prefix(24) + "…"
        #expect(text.contains("see: " + Self.open + cut + Self.close), "\(text.debugDescription)")
        #expect(
            text.split(separator: "\u{1B}]8;;", omittingEmptySubsequences: false).count == 3,
            "one link: opened, then closed")
        #expect(text.hasSuffix("after\u{1B}[0m"), "the next row is not linked")
    }

    @Test("without hyperlinks, or with an address that is not printable ASCII, no OSC 8 (D1, T4)")
    func noHyperlinkWhereTheyAreOff() {
        #expect(!frame(hyperlinks: false).contains("\u{1B}]"))
        for hostile in ["https://x.example/\u{1B}]8;;evil\u{07}", "https://x.example/ a", "한"] {
            #expect(!frame(hyperlinks: true, link: hostile).contains("\u{1B}]"), "\(hostile)")
        }
    }

    @Test("a virtual terminal reads OSC 8 and shows the text, each cell with its link (D1)")
    func virtualTerminalReadsHyperlinks() {
        let terminal = VirtualTerminal(width: 30, height: 2)
        terminal.write(Array(frame(hyperlinks: true).utf8))
        #expect(terminal.rows == ["see: " + Self.address.prefix(24) + "…", "after"])
        #expect(terminal.links[0][4] == nil)
        #expect(terminal.links[0][5...].allSatisfy { $0 == Self.address })
        #expect(terminal.links[1].allSatisfy { $0 == nil })
    }

    @Test("only a terminal with a TERM that is not dumb gets links (D1)")
    func termDecidesHyperlinks() {
        #expect(TerminalEnvironment.showsHyperlinks(["TERM": "xterm-256color"]))
        #expect(!TerminalEnvironment.showsHyperlinks(["TERM": "dumb"]))
        #expect(!TerminalEnvironment.showsHyperlinks(["TERM": ""]))
        #expect(!TerminalEnvironment.showsHyperlinks([:]))
    }

    @Test(
        "an application links a text view's linked block only on a terminal that shows links (D1)")
    func applicationLinksOnlyWhereLinksShow() async {
        for showsHyperlinks in [true, false] {
            let terminal = VirtualTerminal(width: 40, height: 10)
            terminal.showsHyperlinks = showsHyperlinks
            let root = TextViewTests.TextViewController()
            let application = Application(
                rootViewController: root, terminal: terminal, help: testHelp)
            application.start()
            root.textView.blocks = [
                TextView.Block("Trailer: \(Self.address)", link: Self.address)
            ]
            #expect(await application.waitUntilSettled())
            #expect(terminal.rows.prefix(2) == ["Trailer:", Self.address.prefix(39) + "…"])
            #expect(terminal.links[1][0] == (showsHyperlinks ? Self.address : nil))
            #expect(terminal.links[0][0] == (showsHyperlinks ? Self.address : nil))
            application.quit()
        }
    }
}
