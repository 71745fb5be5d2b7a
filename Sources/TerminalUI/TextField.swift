/// What a text field tells its owner, like UITextFieldDelegate.
@MainActor public protocol TextFieldDelegate: AnyObject {
    /// Enter while editing; return true when it was taken care of.
    func textFieldShouldReturn(_ textField: TextField) -> Bool
}

extension TextFieldDelegate {
    public func textFieldShouldReturn(_ textField: TextField) -> Bool { false }
}

/// A one-line text input, like UITextField. It takes keys only while it is the first
/// responder; every edit the user makes sends `.editingChanged`, and setting `text` in code
/// sends nothing, as in UIKit.
///
/// Edits happen at the cursor, by grapheme (a Hangul syllable, an emoji with its joiners, a
/// letter with its accents is one character): any printable key (`q` and `?` too) types
/// itself; a paste is one edit, whatever its length; Backspace deletes the character before
/// the cursor and Delete the one after it; Ctrl-W deletes the word before the cursor (back
/// to a space, as a shell does) and Alt-Backspace the letters and digits before it; Ctrl-U
/// clears. ← and → move the cursor a character, Alt-b and Alt-f a word (as Option-← and
/// Option-→ send them on a Mac), Home and End or Ctrl-A and Ctrl-E to either end (S1).
/// Setting `text` in code puts the cursor at its end, as in UIKit.
@MainActor public final class TextField: View {
    /// What an action is sent for, like `UIControl.Event`.
    public enum Event: Sendable {
        case editingChanged
        case editingDidBegin
        case editingDidEnd
    }

    public var text = "" {
        didSet {
            cursorOffset = text.count
            if text != oldValue { setNeedsDisplay() }
        }
    }
    /// Where edits happen, in characters from the start of `text`; `text.count` is its end.
    private(set) var cursorOffset = 0 {
        didSet {
            if cursorOffset != oldValue { setNeedsDisplay() }
        }
    }
    /// The first character that shows, when the text is wider than its room.
    private var firstVisibleOffset = 0
    /// Shown dim while the text is empty.
    public var placeholder: String {
        didSet {
            if placeholder != oldValue { setNeedsDisplay() }
        }
    }
    /// Drawn before the text, e.g. "Search: " (UIKit's nearest: a label as `leftView`).
    public var prompt: String {
        didSet {
            if prompt != oldValue { setNeedsDisplay() }
        }
    }
    public weak var delegate: (any TextFieldDelegate)?
    private var actions: [(event: Event, action: @MainActor (TextField) -> Void)] = []

    public init(prompt: String = "", placeholder: String = "") {
        self.prompt = prompt
        self.placeholder = placeholder
        super.init()
    }

    public override var canBecomeFirstResponder: Bool { true }

    /// Calls `action` whenever `event` happens, like `addAction(_:for:)`.
    public func addAction(for event: Event, _ action: @escaping @MainActor (TextField) -> Void) {
        actions.append((event, action))
    }

    func sendActions(for event: Event) {
        for entry in actions where entry.event == event {
            entry.action(self)
        }
    }

    override func didBecomeFirstResponder() {
        setNeedsDisplay()
        sendActions(for: .editingDidBegin)
    }

    override func didResignFirstResponder() {
        setNeedsDisplay()
        sendActions(for: .editingDidEnd)
    }

    public override func handle(_ key: Key) -> Bool {
        guard isFirstResponder else { return false }
        let characters = Array(text)
        let cursor = min(cursorOffset, characters.count)
        switch key {
        case .character(let character) where !character.isControl:
            insert(String(character))
        case .paste(let pasted):
            // One line: each line break (CRLF too) becomes one space, then the rest is
            // sanitised like any text.
            let line = pasted.split(whereSeparator: \.isNewline).joined(separator: " ")
                .sanitizedForTerminal()
            insert(line)
        case .backspace:
            replace(cursor - 1..<cursor, in: characters)
        case .delete:
            replace(cursor..<cursor + 1, in: characters)
        case .control("w"):
            // Back to a space, as a shell's Ctrl-W.
            let start = Self.wordStart(before: cursor, in: characters) { !$0.isWhitespace }
            replace(start..<cursor, in: characters)
        case .alt(.backspace):
            let start = Self.wordStart(before: cursor, in: characters, isWord: Self.isWord)
            replace(start..<cursor, in: characters)
        case .control("u"):
            replace(0..<characters.count, in: characters)
        case .left:
            cursorOffset = max(cursor - 1, 0)
        case .right:
            cursorOffset = min(cursor + 1, characters.count)
        case .home, .control("a"):
            cursorOffset = 0
        case .end, .control("e"):
            cursorOffset = characters.count
        case .alt(.character("b")):
            cursorOffset = Self.wordStart(before: cursor, in: characters, isWord: Self.isWord)
        case .alt(.character("f")):
            cursorOffset = Self.wordEnd(after: cursor, in: characters, isWord: Self.isWord)
        case .enter:
            return delegate?.textFieldShouldReturn(self) ?? false
        default:
            return false
        }
        // An edit at an end that changes nothing is still the field's: Backspace at the
        // start must not reach the screen behind, where it means "back".
        return true
    }

    /// Types `inserted` at the cursor, which goes after it.
    private func insert(_ inserted: String) {
        guard !inserted.isEmpty else { return }
        let characters = Array(text)
        let cursor = min(cursorOffset, characters.count)
        let before = String(characters[..<cursor]) + inserted
        edit(to: before + String(characters[cursor...]), cursor: before.count)
    }

    /// Deletes the characters in `range` (clamped to the text); the cursor goes where they were.
    private func replace(_ range: Range<Int>, in characters: [Character]) {
        let range = range.clamped(to: 0..<characters.count)
        guard !range.isEmpty else { return }
        let edited =
            String(characters[..<range.lowerBound]) + String(characters[range.upperBound...])
        edit(to: edited, cursor: range.lowerBound)
    }

    /// One edit the user made: the new text, the cursor, and `.editingChanged`.
    private func edit(to edited: String, cursor: Int) {
        guard edited != text else { return }
        text = edited
        // Characters that join across the edit (a combining mark) may make the text shorter.
        cursorOffset = min(cursor, text.count)
        sendActions(for: .editingChanged)
    }

    /// Letters and digits make a word for Alt-b, Alt-f and Alt-Backspace, as in readline.
    private static func isWord(_ character: Character) -> Bool {
        character.isLetter || character.isNumber
    }

    /// Where the word before `offset` starts: back over what is not a word, then over the word.
    private static func wordStart(
        before offset: Int, in characters: [Character], isWord: (Character) -> Bool
    ) -> Int {
        var start = offset
        while start > 0, !isWord(characters[start - 1]) { start -= 1 }
        while start > 0, isWord(characters[start - 1]) { start -= 1 }
        return start
    }

    /// Where the word after `offset` ends: on over what is not a word, then over the word.
    private static func wordEnd(
        after offset: Int, in characters: [Character], isWord: (Character) -> Bool
    ) -> Int {
        var end = offset
        while end < characters.count, !isWord(characters[end]) { end += 1 }
        while end < characters.count, isWord(characters[end]) { end += 1 }
        return end
    }

    /// The prompt, then as much of the text as fits around the cursor (the end of a long text
    /// while typing at its end), and the cursor where the next character goes.
    public override func draw(in canvas: Canvas, bounds: Rect) {
        guard bounds.height > 0, bounds.width > 0 else { return }
        let prompt = prompt.truncated(toWidth: bounds.width)
        canvas.draw(prompt, x: bounds.x, y: bounds.y, maxWidth: bounds.width, style: .bold)
        let room = max(bounds.width - prompt.displayWidth - 1, 0)
        let x = bounds.x + prompt.displayWidth
        // What shows is the sanitised text, not the raw one, and the cursor goes by it.
        let characters = Array(text)
        let cursor = min(cursorOffset, characters.count)
        let before = Array(String(characters[..<cursor]).sanitizedForTerminal())
        let shown = before + Array(String(characters[cursor...]).sanitizedForTerminal())
        let first = scrolledFirstOffset(
            showing: before.count, of: shown.map(\.displayWidth), room: room)
        firstVisibleOffset = first
        if text.isEmpty {
            canvas.draw(placeholder, x: x, y: bounds.y, maxWidth: room, style: .dim)
        } else {
            // As many characters as fit whole, so that none is cut to "…" under the cursor.
            var used = 0
            let fitting = shown[first...].prefix { character in
                used += character.displayWidth
                return used <= room
            }
            canvas.draw(String(fitting), x: x, y: bounds.y, maxWidth: room)
        }
        if isFirstResponder {
            let column = x + String(before[first...]).displayWidth
            canvas.cursor = (x: min(column, bounds.maxX - 1), y: bounds.y)
        }
    }

    /// The first character to show so that the cursor, before character `cursor` of
    /// characters `widths` columns wide, fits `room` columns: the last frame's first where
    /// it still does, and no later than needed to fill the room.
    private func scrolledFirstOffset(showing cursor: Int, of widths: [Int], room: Int) -> Int {
        var first = min(firstVisibleOffset, cursor)
        var used = widths[first..<cursor].reduce(0, +)
        while used > room, first < cursor {
            used -= widths[first]
            first += 1
        }
        // Text deleted at the end leaves room: show more of what comes before.
        var shownWidth = widths[first...].reduce(0, +)
        while first > 0, shownWidth + widths[first - 1] <= room {
            first -= 1
            shownWidth += widths[first]
        }
        return first
    }
}

extension Character {
    /// C0 and C1 controls and DEL, which a key never types.
    var isControl: Bool {
        unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    }
}
