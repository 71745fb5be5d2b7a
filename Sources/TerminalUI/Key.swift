/// One key press, decoded from the terminal's bytes or named in a key script.
public enum Key: Hashable, Sendable, CustomStringConvertible {
    /// A printable character, including " " and Hangul.
    case character(Character)
    case up, down, left, right, pageUp, pageDown, home, end
    case enter, escape, backspace, tab
    /// A control chord as its lowercase letter: `.control("c")` is Ctrl-C.
    case control(Character)
    /// Text the terminal marked as pasted (bracketed paste): one edit, however long.
    case paste(String)

    /// The names a key script (L7) may use, besides any single character.
    static let namedKeys: [(name: String, key: Key)] = [
        ("up", .up), ("down", .down), ("left", .left), ("right", .right),
        ("pgup", .pageUp), ("pgdn", .pageDown), ("home", .home), ("end", .end),
        ("enter", .enter), ("esc", .escape), ("backspace", .backspace), ("tab", .tab),
        ("space", .character(" ")),
    ]

    /// Script names (L7): up down left right pgup pgdn home end enter esc backspace tab space,
    /// `ctrl-x`, or any single character. nil for an unknown name.
    public init?(name: String) {
        if name.count == 1, let character = name.first {
            self = .character(character)
            return
        }
        let lowercased = name.lowercased()
        if let named = Key.namedKeys.first(where: { $0.name == lowercased }) {
            self = named.key
            return
        }
        let controlPrefix = "ctrl-"
        if lowercased.hasPrefix(controlPrefix), lowercased.count == controlPrefix.count + 1,
            let letter = lowercased.last, letter.isASCII, letter.isLetter
        {
            self = .control(letter)
            return
        }
        return nil
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
                let known = namedKeys.map(\.name).joined(separator: ", ")
                throw UsageError(
                    message:
                        "unknown key '\(word)' in --keys (known: \(known), ctrl-c, or any single character)"
                )
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
        case .paste(let text): "\"\(text)\""
        default: Key.namedKeys.first(where: { $0.key == self })?.name ?? "?"
        }
    }
}
