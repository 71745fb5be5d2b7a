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
/// Edits: any printable key (`q` and `?` too) types itself; a paste is one edit, whatever its
/// length; Backspace deletes the last character (one grapheme: a Hangul syllable, an emoji
/// with its joiners, a letter with its accents); Ctrl-U clears. The cursor stays at the end.
@MainActor public final class TextField: View {
    /// What an action is sent for, like `UIControl.Event`.
    public enum Event: Sendable {
        case editingChanged
        case editingDidBegin
        case editingDidEnd
    }

    public var text = "" {
        didSet {
            if text != oldValue { setNeedsDisplay() }
        }
    }
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
        switch key {
        case .character(let character) where !character.isControl:
            edit { $0.append(character) }
        case .paste(let pasted):
            // One line: each line break (CRLF too) becomes one space, then the rest is
            // sanitised like any text.
            let line = pasted.split(whereSeparator: \.isNewline).joined(separator: " ")
                .sanitizedForTerminal()
            edit { $0 += line }
        case .backspace:
            guard !text.isEmpty else { return true }
            edit { _ = $0.removeLast() }
        case .control("u"):
            guard !text.isEmpty else { return true }
            edit { $0 = "" }
        case .left, .right, .home, .end:
            // The cursor stays at the end; these keys must not reach the screen behind.
            break
        case .enter:
            return delegate?.textFieldShouldReturn(self) ?? false
        default:
            return false
        }
        return true
    }

    private func edit(_ change: (inout String) -> Void) {
        var edited = text
        change(&edited)
        guard edited != text else { return }
        text = edited
        sendActions(for: .editingChanged)
    }

    /// The prompt, then the text's end when it is wider than the room; the cursor after it.
    public override func draw(in canvas: Canvas, bounds: Rect) {
        guard bounds.height > 0, bounds.width > 0 else { return }
        let prompt = prompt.truncated(toWidth: bounds.width)
        canvas.draw(prompt, x: bounds.x, y: bounds.y, maxWidth: bounds.width, style: .bold)
        let room = max(bounds.width - prompt.displayWidth - 1, 0)
        let x = bounds.x + prompt.displayWidth
        // The cursor goes after what shows, which is the sanitised text, not the raw one.
        let visible = Self.tail(of: text.sanitizedForTerminal(), fitting: room)
        if text.isEmpty {
            canvas.draw(placeholder, x: x, y: bounds.y, maxWidth: room, style: .dim)
        } else {
            canvas.draw(visible, x: x, y: bounds.y, maxWidth: room)
        }
        if isFirstResponder {
            canvas.cursor = (x: min(x + visible.displayWidth, bounds.maxX - 1), y: bounds.y)
        }
    }

    /// The longest end of `text` that fits `width` columns, so the newest typing shows.
    private static func tail(of text: String, fitting width: Int) -> String {
        var tail = ""
        var used = 0
        for character in text.reversed() {
            let characterWidth = character.displayWidth
            guard used + characterWidth <= width else { break }
            tail.insert(character, at: tail.startIndex)
            used += characterWidth
        }
        return tail
    }
}

extension Character {
    /// C0 and C1 controls and DEL, which a key never types.
    var isControl: Bool {
        unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    }
}
