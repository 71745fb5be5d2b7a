/// One key press, decoded from the terminal's bytes or named in a key script.
public indirect enum Key: Hashable, Sendable, CustomStringConvertible {
    /// A printable character, including " " and Hangul.
    case character(Character)
    case up, down, left, right, pageUp, pageDown, home, end
    case enter, escape, backspace, tab
    /// The forward delete key (⌦, "Del"), not Backspace.
    case delete
    /// A control chord as its lowercase letter: `.control("c")` is Ctrl-C.
    case control(Character)
    /// Alt (Option, Meta) with a character or Backspace, which a terminal sends as ESC and the
    /// key: `.alt(.character("b"))` is Alt-b, never Esc and then b (S1).
    case alt(Key)
    /// Text the terminal marked as pasted (bracketed paste): one edit, however long.
    case paste(String)
    /// The mouse, on a terminal that reports it (T5): a click or a notch of the wheel. A key
    /// script has no name for it, as a script plays no mouse.
    case mouse(MouseEvent)

    /// The names a key script (L7) may use, besides any single character and the control
    /// chords. The parser reads this table and `--help` lists it (L9), so they cannot differ.
    static let namedKeys: [(name: String, key: Key)] = [
        ("up", .up), ("down", .down), ("left", .left), ("right", .right),
        ("pgup", .pageUp), ("pgdn", .pageDown), ("home", .home), ("end", .end),
        ("enter", .enter), ("esc", .escape), ("backspace", .backspace), ("delete", .delete),
        ("tab", .tab), ("space", .character(" ")),
    ]

    /// The control chords a script may name, `ctrl-a` … `ctrl-z`: every one a terminal
    /// sends as a byte of its own (Ctrl-C among them, which ends a script as it ends the app).
    static let controlKeys: [(name: String, key: Key)] = (UInt8(ascii: "a")...UInt8(ascii: "z"))
        .map { byte in
            let letter = Character(Unicode.Scalar(byte))
            return ("ctrl-\(letter)", .control(letter))
        }

    /// Every script name but the single characters and the Alt keys, in the order `--help`
    /// lists them.
    static var scriptNames: [(name: String, key: Key)] { namedKeys + controlKeys }

    /// What `alt-` goes before in a script name: a single character, `space` or `backspace`.
    static let altPrefix = "alt-"

    /// The names in words, for `--help` and the usage error: "up, down, …, space,
    /// ctrl-a … ctrl-z, alt-KEY, or any single character" (L9).
    static var scriptNameSummary: String {
        let controls = controlKeys.map(\.name)
        let range = [controls.first, controls.last].compactMap { $0 }.joined(separator: " … ")
        return (namedKeys.map(\.name) + [range, altPrefix + "KEY"]).joined(separator: ", ")
            + ", or any single character"
    }

    /// What `alt-KEY` stands for, for `--help`.
    static let altNameMeaning =
        "\(altPrefix)KEY is Alt with a character, space or backspace (\(altPrefix)b)"

    /// Script names (L7): up down left right pgup pgdn home end enter esc backspace delete tab
    /// space, `ctrl-a` … `ctrl-z`, `alt-` and a character, `space` or `backspace`, or any
    /// single character. nil for an unknown name.
    public init?(name: String) {
        if name.count == 1, let character = name.first {
            self = .character(character)
            return
        }
        let lowercased = name.lowercased()
        if let named = Key.scriptNames.first(where: { $0.name == lowercased }) {
            self = named.key
            return
        }
        if lowercased.hasPrefix(Self.altPrefix), name.count > Self.altPrefix.count,
            let key = Key(name: String(name.dropFirst(Self.altPrefix.count))), key.takesAlt
        {
            self = .alt(key)
            return
        }
        return nil
    }

    /// Whether Alt with this key is a key of its own: a character or Backspace. Alt never
    /// goes with a control chord, so Ctrl-C after an ESC is still Ctrl-C.
    var takesAlt: Bool {
        switch self {
        case .character, .backspace: true
        default: false
        }
    }

    /// Parses `down down enter` or `/ "super man" down`: names keys, and a double-quoted
    /// word types its characters one key at a time. Throws a UsageError naming the bad key.
    public static func parseScript(_ script: String) throws(UsageError) -> [Key] {
        var keys: [Key] = []
        for word in try words(of: script) {
            if word.hasPrefix("\""), word.count >= 2, word.hasSuffix("\"") {
                keys += word.dropFirst().dropLast().map { Key.character($0) }
                continue
            }
            guard let key = Key(name: word) else {
                throw UsageError(
                    message: "unknown key '\(word)' in --keys (known: \(scriptNameSummary))")
            }
            keys.append(key)
        }
        return keys
    }

    /// Splits at white space, except inside double quotes, which stay on the word.
    private static func words(of script: String) throws(UsageError) -> [String] {
        var words: [String] = []
        var word = ""
        var isQuoted = false
        for character in script {
            if character == "\"" {
                isQuoted.toggle()
                word.append(character)
            } else if character.isWhitespace && !isQuoted {
                if !word.isEmpty { words.append(word) }
                word = ""
            } else {
                word.append(character)
            }
        }
        guard !isQuoted else {
            throw UsageError(message: "--keys has a \" without its closing \"")
        }
        if !word.isEmpty { words.append(word) }
        return words
    }

    /// The key's script name, so that a description reads back as the same key.
    public var description: String {
        switch self {
        case .character(" "): "space"
        case .character(let character): String(character)
        case .control(let letter): "ctrl-\(letter)"
        case .alt(let key): Key.altPrefix + key.description
        case .paste(let text): "\"\(text)\""
        case .mouse(let event): event.description
        default: Key.namedKeys.first(where: { $0.key == self })?.name ?? "?"
        }
    }
}

/// What the mouse did and where, as a terminal reports it in SGR mode (T5): a click of the
/// left button, or a notch of the wheel. UIKit's nearest: a `UITouch` and its
/// `location(in:)`, and a scroll view's wheel scrolling.
public struct MouseEvent: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable {
        /// The left button went down: a click.
        case press
        /// One notch of the wheel, away from or towards the user.
        case scrollUp, scrollDown
    }

    public var kind: Kind
    /// The cell, counted from 0 at the screen's top left, as `Canvas` counts.
    public var x: Int
    public var y: Int

    public init(_ kind: Kind, x: Int, y: Int) {
        self.kind = kind
        self.x = x
        self.y = y
    }

    /// "click at 3,5", "wheel down at 3,5".
    public var description: String {
        let what =
            switch kind {
            case .press: "click"
            case .scrollUp: "wheel up"
            case .scrollDown: "wheel down"
            }
        return "\(what) at \(x),\(y)"
    }
}
