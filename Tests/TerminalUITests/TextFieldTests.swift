import Testing

@testable import TerminalUI

/// The text field the search bar is (S1): it takes keys only as the first responder, every
/// user edit is one `.editingChanged`, and it draws by display width (T3) and sanitised (T4).
@MainActor
@Suite struct TextFieldTests {
    /// A screen holding one field; it logs the field's actions and every key the field left.
    final class FieldViewController: ViewController {
        let field = TextField(prompt: "Find: ", placeholder: "a title")
        let log = EventLog()

        override func viewDidLoad() {
            super.viewDidLoad()
            view.addSubview(field)
            field.addAction(for: .editingChanged) { [log] in log.append("changed(\($0.text))") }
            field.addAction(for: .editingDidBegin) { [log] _ in log.append("began") }
            field.addAction(for: .editingDidEnd) { [log] _ in log.append("ended") }
        }

        override func handle(_ key: Key) -> Bool {
            if super.handle(key) { return true }
            log.append("screen(\(key))")
            return true
        }
    }

    /// Says whether Enter was taken care of, and counts how often it was asked.
    final class ReturnDelegate: TextFieldDelegate {
        let handlesReturn: Bool
        private(set) var returns = 0

        init(handlesReturn: Bool) {
            self.handlesReturn = handlesReturn
        }

        func textFieldShouldReturn(_ textField: TextField) -> Bool {
            returns += 1
            return handlesReturn
        }
    }

    /// A field on screen in a 40×10 terminal, being edited, with its log emptied.
    func makeEditingField() async -> (Application, VirtualTerminal, FieldViewController) {
        let screen = FieldViewController()
        let (application, terminal) = await makeApplication(root: screen, width: 40, height: 10)
        #expect(screen.field.becomeFirstResponder())
        #expect(await application.waitUntilSettled())
        screen.log.removeAll()
        return (application, terminal, screen)
    }

    @Test("a field takes keys only while it is the first responder (S1)")
    func keysReachTheFieldOnlyWhileItIsTheFirstResponder() async {
        let screen = FieldViewController()
        let (application, terminal) = await makeApplication(root: screen, width: 40, height: 10)
        #expect(!screen.field.isFirstResponder)
        terminal.type(.character("x"))
        #expect(await application.waitUntilSettled())
        #expect(screen.field.text == "")
        #expect(screen.log.entries == ["screen(x)"])

        #expect(screen.field.becomeFirstResponder())
        #expect(screen.field.isFirstResponder)
        terminal.type(.character("y"))
        #expect(await application.waitUntilSettled())
        #expect(screen.field.text == "y")

        #expect(screen.field.resignFirstResponder())
        #expect(!screen.field.isFirstResponder)
        terminal.type(.character("z"))
        #expect(await application.waitUntilSettled())
        #expect(screen.field.text == "y")
        #expect(screen.log.entries == ["screen(x)", "began", "changed(y)", "ended", "screen(z)"])
    }

    @Test("only a view that can, and is on a screen, becomes the first responder (S1)")
    func becomingFirstResponderNeedsAScreen() async {
        let offScreen = TextField()
        #expect(offScreen.canBecomeFirstResponder)
        #expect(!offScreen.becomeFirstResponder())
        #expect(!offScreen.isFirstResponder)

        let screen = FieldViewController()
        let (application, _) = await makeApplication(root: screen, width: 40, height: 10)
        let plain = View()
        screen.view.addSubview(plain)
        #expect(!plain.canBecomeFirstResponder)
        #expect(!plain.becomeFirstResponder())
        #expect(!plain.isFirstResponder)
        #expect(screen.field.becomeFirstResponder())
        #expect(!plain.becomeFirstResponder())
        #expect(screen.field.isFirstResponder, "a refused request leaves the responder as it was")
        #expect(await application.waitUntilSettled())
    }

    @Test("while the field is edited q and ? type into it; Ctrl-C still quits (S1, E4)")
    func quitAndHelpKeysTypeWhileEditing() async {
        let (application, terminal, screen) = await makeEditingField()
        terminal.type(.character("q"), .character("?"))
        #expect(await application.waitUntilSettled())
        #expect(application.isRunning)
        #expect(!application.isShowingHelp)
        #expect(screen.field.text == "q?")
        #expect(terminal.rows[0] == "Find: q?")

        terminal.type(.control("c"))
        #expect(await application.waitUntilSettled())
        #expect(!application.isRunning)
        #expect(application.wasInterrupted)
    }

    @Test("every user edit sends editingChanged once; text set in code sends nothing (S1)")
    func everyUserEditSendsOneEditingChanged() async {
        let (application, terminal, screen) = await makeEditingField()
        terminal.type(.character("a"), .character("b"), .character(" "), .character("한"))
        terminal.type(.backspace, .control("u"))
        #expect(await application.waitUntilSettled())
        #expect(
            screen.log.entries == [
                "changed(a)", "changed(ab)", "changed(ab )", "changed(ab 한)", "changed(ab )",
                "changed()",
            ])

        screen.log.removeAll()
        screen.field.text = "set in code"
        #expect(await application.waitUntilSettled())
        #expect(terminal.rows[0] == "Find: set in code")
        #expect(screen.log.entries == [])
    }

    @Test("Backspace and Ctrl-U on an empty field change nothing and stay in the field (S1)")
    func deletingFromAnEmptyFieldIsNoEdit() async {
        let (application, terminal, screen) = await makeEditingField()
        terminal.type(.backspace, .control("u"))
        #expect(await application.waitUntilSettled())
        #expect(screen.field.text == "")
        #expect(screen.log.entries == [], "no edit, and no key reached the screen behind")
    }

    nonisolated static let graphemes = [
        "a", "한", "e\u{301}", "👩\u{200D}👩\u{200D}👧", "🇰🇷", "❤\u{FE0F}", "\u{1112}\u{1161}\u{11AB}",
        "漢",
    ]

    @Test(
        "Backspace deletes the last character, one grapheme whatever its scalars (S1)",
        arguments: graphemes)
    func backspaceDeletesOneGrapheme(_ grapheme: String) async {
        let (application, terminal, screen) = await makeEditingField()
        screen.field.text = "x" + grapheme
        terminal.type(.backspace)
        #expect(await application.waitUntilSettled())
        #expect(screen.field.text == "x")
        #expect(screen.log.entries == ["changed(x)"])
    }

    @Test("Ctrl-U clears the whole text in one edit (S1)")
    func controlUClears() async {
        let (application, terminal, screen) = await makeEditingField()
        terminal.type(text: "기생충 2019")
        terminal.type(.control("u"))
        #expect(await application.waitUntilSettled())
        #expect(screen.field.text == "")
        #expect(screen.log.entries.last == "changed()")
        #expect(screen.log.entries.count == 9, "eight characters typed, then one clear")
        #expect(terminal.rows[0] == "Find: a title")
    }

    @Test("a paste is one edit; its line breaks become spaces, its controls never arrive (S1, T4)")
    func aPasteIsOneEdit() async {
        let (application, terminal, screen) = await makeEditingField()
        terminal.type(.character(">"))
        terminal.type(.paste("super\nman\u{1B}]2;PWNED\u{7} 슈퍼맨\u{1B}[31m!\u{7}"))
        #expect(await application.waitUntilSettled())
        #expect(screen.field.text == ">super man 슈퍼맨!\u{FFFD}")
        #expect(screen.log.entries == ["changed(>)", "changed(\(screen.field.text))"])
        #expect(!screen.field.text.unicodeScalars.contains { $0.value < 0x20 })
    }

    @Test("an empty paste is no edit (S1)")
    func anEmptyPasteIsNoEdit() async {
        let (application, terminal, screen) = await makeEditingField()
        terminal.type(.paste(""))
        #expect(await application.waitUntilSettled())
        #expect(screen.log.entries == [])
    }

    @Test("←, →, Home, End, Ctrl-A and Ctrl-E move the cursor, and never reach the screen (S1)")
    func cursorKeysStayInTheField() async {
        let (application, terminal, screen) = await makeEditingField()
        terminal.type(text: "ac")
        terminal.type(.left, .character("b"), .home, .left, .character("<"), .end, .right)
        terminal.type(.character(">"), .control("a"), .character("["), .control("e"))
        terminal.type(.character("]"))
        #expect(await application.waitUntilSettled())
        #expect(screen.field.text == "[<abc>]")
        #expect(!screen.log.entries.contains { $0.hasPrefix("screen") }, "\(screen.log.entries)")
        #expect(screen.log.entries.count == 7, "one change a typed key, none a move")
    }

    @Test("keys a field does not edit with go on to the screen (S1)")
    func otherKeysReachTheScreen() async {
        let (application, terminal, screen) = await makeEditingField()
        terminal.type(
            .up, .down, .tab, .escape, .enter, .control("b"), .pageDown, .alt(.character("x")))
        #expect(await application.waitUntilSettled())
        #expect(
            screen.log.entries == [
                "screen(up)", "screen(down)", "screen(tab)", "screen(esc)", "screen(enter)",
                "screen(ctrl-b)", "screen(pgdn)", "screen(alt-x)",
            ])
        #expect(screen.field.text == "")
    }

    /// Types `text`, then `keys`, and returns the text and the cursor's offset in it.
    func edited(_ text: String, _ keys: [Key]) async -> (text: String, cursor: Int) {
        let (application, terminal, screen) = await makeEditingField()
        terminal.type(text: text)
        terminal.type(keys)
        #expect(await application.waitUntilSettled())
        return (screen.field.text, screen.field.cursorOffset)
    }

    @Test(
        "edits happen at the cursor, by grapheme (S1)",
        arguments: [
            // ← and → go by grapheme: a Hangul syllable, an emoji with its modifier, e + ◌́.
            ("a슈👍🏽e\u{301}", [Key.left, .left, .left, .character("x")], "ax슈👍🏽e\u{301}", 2),
            ("a슈👍🏽", [.left, .backspace], "a👍🏽", 1),
            ("a슈👍🏽", [.home, .delete], "슈👍🏽", 0),
            ("a슈👍🏽", [.home, .right, .delete], "a👍🏽", 1),
            ("ab", [.delete], "ab", 2),
            ("ab", [.home, .backspace], "ab", 0),
            ("ab", [.left, .paste("x\ny")], "ax yb", 4),
            ("ab", [.home, .control("u")], "", 0),
        ])
    func editsAtTheCursor(_ text: String, _ keys: [Key], _ result: String, _ cursor: Int) async {
        let field = await edited(text, keys)
        #expect(field.text == result)
        #expect(field.cursor == cursor)
    }

    @Test(
        "Ctrl-W deletes back to a space, Alt-Backspace back over letters and digits (S1)",
        arguments: [
            ("the dark knight", [Key.control("w")], "the dark ", 9),
            ("the dark ", [.control("w")], "the ", 4),
            ("spider-man 2", [.control("w"), .control("w")], "", 0),
            ("spider-man 2", [.alt(.backspace), .alt(.backspace)], "spider-", 7),
            ("the dark knight", [.alt(.character("b")), .control("w")], "the knight", 4),
            ("a b", [.home, .control("w")], "a b", 0),
        ])
    func deletingWords(_ text: String, _ keys: [Key], _ result: String, _ cursor: Int) async {
        let field = await edited(text, keys)
        #expect(field.text == result)
        #expect(field.cursor == cursor)
    }

    @Test(
        "Alt-b and Alt-f move by a word of letters and digits (S1)",
        arguments: [
            ("super man", [Key.alt(.character("b"))], 6),
            ("super man", [.alt(.character("b")), .alt(.character("b"))], 0),
            ("super man", [.home, .alt(.character("f"))], 5),
            ("super man", [.home, .alt(.character("f")), .alt(.character("f"))], 9),
            ("기생충 2019!", [.alt(.character("b"))], 4),
        ])
    func movingByWords(_ text: String, _ keys: [Key], _ cursor: Int) async {
        let field = await edited(text, keys)
        #expect(field.text == text)
        #expect(field.cursor == cursor)
    }

    @Test("setting the text in code puts the cursor at its end, as UIKit does (S1)")
    func textSetInCodeMovesTheCursorToTheEnd() async {
        let (application, terminal, screen) = await makeEditingField()
        terminal.type(text: "abc")
        terminal.type(.home)
        #expect(await application.waitUntilSettled())
        screen.field.text = "dune"
        #expect(screen.field.cursorOffset == 4)
        #expect(cursor(of: screen.field, width: 40).x == 10)
    }

    @Test("the cursor shows where the next character goes, by display width (S1, T3)")
    func cursorShowsAtTheInsertionPoint() async {
        let (application, terminal, screen) = await makeEditingField()
        terminal.type(text: "한글ok")
        #expect(await application.waitUntilSettled())
        terminal.type(.left, .left)
        #expect(await application.waitUntilSettled())
        #expect(cursor(of: screen.field, width: 40).x == 10, "after 한글, four columns")
        #expect(String(decoding: terminal.lastWrite, as: UTF8.self) == "\u{1B}[1;11H")
        terminal.type(.home)
        #expect(await application.waitUntilSettled())
        #expect(String(decoding: terminal.lastWrite, as: UTF8.self) == "\u{1B}[1;7H")
    }

    @Test("a text wider than the room scrolls to keep the cursor in view (S1, T3)")
    func longTextScrollsWithTheCursor() async {
        // 40 columns: "Find: " and a room of 33, one column left for the cursor at the end.
        let (application, terminal, screen) = await makeEditingField()
        let text = "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJ"
        func field() -> (line: String, x: Int?) {
            let drawn = cursor(of: screen.field, width: 40)
            #expect(terminal.rows[0] == drawn.lines[3], "as the app draws it")
            return (drawn.lines[3], drawn.x)
        }
        terminal.type(text: text)
        terminal.type(.home)
        #expect(await application.waitUntilSettled())
        #expect(field().line == "Find: " + text.prefix(33), "the start shows, cut whole")
        #expect(field().x == 6)

        // Right to the room's end: the text stays; one more and it scrolls one character.
        terminal.type(Array(repeating: .right, count: 33))
        #expect(await application.waitUntilSettled())
        #expect(field().line == "Find: " + text.prefix(33))
        #expect(field().x == 39)
        terminal.type(.right)
        #expect(await application.waitUntilSettled())
        #expect(field().line == "Find: " + text.dropFirst().prefix(33))
        #expect(field().x == 39)

        // Back left within the view moves only the cursor; past its start, the view follows.
        terminal.type(Array(repeating: .left, count: 33))
        #expect(await application.waitUntilSettled())
        #expect(field().line == "Find: " + text.dropFirst().prefix(33))
        #expect(field().x == 6)
        terminal.type(.left)
        #expect(await application.waitUntilSettled())
        #expect(field().line == "Find: " + text.prefix(33))
        #expect(field().x == 6)

        // Deleting at the end pulls the text back in to fill the room.
        terminal.type(.end)
        terminal.type(Array(repeating: .backspace, count: 16))
        #expect(await application.waitUntilSettled())
        #expect(field().line == "Find: " + text.prefix(30))
        #expect(field().x == 36)
    }

    @Test(
        "Enter asks the delegate; when it takes care of it the screen never sees it (S1)",
        arguments: [true, false])
    func enterAsksTheDelegate(_ handlesReturn: Bool) async {
        let (application, terminal, screen) = await makeEditingField()
        let delegate = ReturnDelegate(handlesReturn: handlesReturn)
        screen.field.delegate = delegate
        terminal.type(.enter)
        #expect(await application.waitUntilSettled())
        #expect(delegate.returns == 1)
        #expect(screen.log.entries == (handlesReturn ? [] : ["screen(enter)"]))
    }

    @Test("an empty field shows the prompt in bold and the placeholder dim, and no cursor")
    func drawsPromptAndPlaceholder() {
        let field = TextField(prompt: "Find: ", placeholder: "a title")
        let canvas = Canvas(size: Size(width: 20, height: 1))
        field.draw(in: canvas, bounds: Rect(x: 0, y: 0, width: 20, height: 1))
        #expect(canvas.lines == ["Find: a title"])
        #expect(canvas.cell(x: 0, y: 0).style == .bold)
        #expect(canvas.cell(x: 6, y: 0).style == .dim)
        #expect(canvas.cursor == nil, "only the field being edited shows the cursor")

        field.text = "up"
        let typed = Canvas(size: Size(width: 20, height: 1))
        field.draw(in: typed, bounds: Rect(x: 0, y: 0, width: 20, height: 1))
        #expect(typed.lines == ["Find: up"])
        #expect(typed.cell(x: 6, y: 0).style == .plain)
    }

    /// Where the field being edited puts the cursor in a `width`-column row at row 3.
    func cursor(of field: TextField, width: Int) -> (lines: [String], x: Int?, y: Int?) {
        let canvas = Canvas(size: Size(width: width, height: 5))
        field.draw(in: canvas, bounds: Rect(x: 0, y: 3, width: width, height: 1))
        return (canvas.lines, canvas.cursor?.x, canvas.cursor?.y)
    }

    @Test(
        "the cursor follows the text by display width (S1, T3)",
        arguments: [
            ("", 6), ("up", 8), ("한글 ok", 13), ("e\u{301}e\u{301}", 8), ("🎬x", 9),
        ])
    func cursorFollowsTheText(_ text: String, _ column: Int) async {
        let (application, _, screen) = await makeEditingField()
        screen.field.text = text
        let drawn = cursor(of: screen.field, width: 40)
        #expect(drawn.x == column)
        #expect(drawn.y == 3)
        #expect(await application.waitUntilSettled())
    }

    @Test(
        "text wider than the room shows its end, the cursor after it, inside the row (S1, T3)",
        arguments: [
            ("abcdefghijklmnopqrstuvwxyz", "Find: nopqrstuvwxyz", 19),
            ("가나다라마바사아자", "Find: 라마바사아자", 18),
            ("a가나다라마바사", "Find: 나다라마바사", 18),
        ])
    func tailShowsWhenTooWide(_ text: String, _ line: String, _ column: Int) async {
        let (application, _, screen) = await makeEditingField()
        screen.field.text = text
        let drawn = cursor(of: screen.field, width: 20)
        #expect(drawn.lines[3] == line)
        #expect(drawn.lines[3].displayWidth < 20)
        #expect(drawn.x == column)
        #expect(await application.waitUntilSettled())
    }

    @Test("text set in code shows sanitised, and the cursor follows what shows (T4, S1)")
    func textSetInCodeIsSanitised() async {
        let (application, _, screen) = await makeEditingField()
        screen.field.text = "\u{1B}[31mred\u{7}"
        let drawn = cursor(of: screen.field, width: 40)
        #expect(drawn.lines[3] == "Find: red\u{FFFD}")
        #expect(drawn.x == 10)
        #expect(await application.waitUntilSettled())
    }

    @Test("the terminal cursor shows after the typed text and hides when editing ends (S1)")
    func terminalCursorFollowsEditing() async {
        let screen = FieldViewController()
        let (application, terminal) = await makeApplication(root: screen, width: 40, height: 10)
        #expect(!String(decoding: terminal.lastWrite, as: UTF8.self).contains("\u{1B}[?25h"))
        screen.field.becomeFirstResponder()
        #expect(await application.waitUntilSettled())
        #expect(String(decoding: terminal.lastWrite, as: UTF8.self) == "\u{1B}[1;7H\u{1B}[?25h")

        terminal.type(text: "한글")
        #expect(await application.waitUntilSettled())
        let typed = String(decoding: terminal.lastWrite, as: UTF8.self)
        #expect(
            typed.hasSuffix("\u{1B}[1;11H"), "put back after the text: \(typed.debugDescription)")
        #expect(!typed.contains("\u{1B}[?25h"), "already showing")

        screen.field.resignFirstResponder()
        #expect(await application.waitUntilSettled())
        #expect(String(decoding: terminal.lastWrite, as: UTF8.self) == "\u{1B}[?25l")
    }
}
