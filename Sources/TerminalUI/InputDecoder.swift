/// Turns the bytes a terminal sends into keys, incrementally: a key split over two reads is
/// kept until it is complete, and several keys in one read all come out.
///
/// A lone ESC is ambiguous (the Esc key, the start of an arrow key's sequence, or Alt and a
/// key), so the decoder keeps it pending; the reader calls `flush()` when no byte followed
/// within a short timeout. ESC and a character or Backspace is Alt with that key (S1), as
/// terminals send it. Being a plain value with no clock makes every case testable without
/// waiting.
///
/// Bracketed paste (ESC [ 200 ~ … ESC [ 201 ~) comes out as one `.paste`, and scalars that
/// make one character (e + ◌́, 👩‍👩‍👧, a flag) come out as one `.character`.
///
/// What the terminal sends in reply to a query (DA1 `ESC [ ? … c`, XTVERSION `ESC P > | …`,
/// kitty's `ESC _ G …`, any `ESC ]` string) is never a key: it comes out of `takeReplies()`,
/// however late it arrives and however it is split across reads (P3).
public struct InputDecoder: Sendable {
    private var pending: [UInt8] = []
    /// After a CR, a directly following LF belongs to the same Enter (CRLF).
    private var skipsLineFeed = false
    /// The text of a paste whose end has not arrived yet.
    private var paste: [UInt8]?
    /// Replies decoded and not taken yet.
    private var replies: [TerminalReply] = []
    /// True while the bytes pending are the start of a reply, which waits for its end
    /// rather than for the Esc timeout.
    public private(set) var isReadingReply = false

    /// The longest reply kept while its end has not come; past it, it is dropped.
    static let maximumReplySize = 4096

    private static let pasteEnd = Array("\u{1B}[201~".utf8)
    /// More than anyone pastes into a search bar; past it, a paste counts as ended.
    static let maximumPasteSize = 1 << 20

    public init() {}

    /// True when bytes wait for more input or for `flush()`, e.g. a bare ESC or a paste
    /// whose end has not arrived.
    public var hasPendingInput: Bool { !pending.isEmpty || paste != nil }

    /// Decodes every complete key in `bytes` (after anything pending) and keeps the rest.
    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [Key] {
        pending.append(contentsOf: bytes)
        return decode(isFinal: false)
    }

    /// Treats pending bytes as complete: a lone ESC becomes `.escape`. A reply whose end
    /// has not come stays pending.
    public mutating func flush() -> [Key] {
        decode(isFinal: true)
    }

    /// The replies decoded since the last call, in order.
    public mutating func takeReplies() -> [TerminalReply] {
        defer { replies = [] }
        return replies
    }

    private mutating func decode(isFinal: Bool) -> [Key] {
        isReadingReply = false
        var keys: [Key] = []
        var index = 0
        while index < pending.count {
            if paste != nil {
                pending.removeFirst(index)
                index = 0
                guard let key = takePaste() else { break }
                keys.append(key)
                continue
            }
            let result = decodeKey(at: index, isFinal: isFinal)
            guard case .complete(let key, let length) = result else { break }
            if let key {
                Self.append(key, to: &keys)
            }
            index += length
        }
        pending.removeFirst(index)
        return keys
    }

    /// Moves what is pending into the paste; once the paste's end has arrived, returns the
    /// whole paste and leaves what followed it pending.
    private mutating func takePaste() -> Key? {
        var text = (paste ?? []) + pending
        guard let end = text.firstRange(of: Self.pasteEnd) else {
            // A paste whose end never comes must not swallow every key after it.
            guard text.count < Self.maximumPasteSize else {
                paste = nil
                pending = []
                return .paste(String(decoding: text, as: UTF8.self))
            }
            paste = text
            pending = []
            return nil
        }
        pending = Array(text[end.upperBound...])
        text.removeSubrange(end.lowerBound...)
        paste = nil
        return .paste(String(decoding: text, as: UTF8.self))
    }

    /// Appends `key`, joining it to the character before when together they are one
    /// character, as a combining mark, a zero-width joiner or a variation selector makes them.
    private static func append(_ key: Key, to keys: inout [Key]) {
        if case .character(let next) = key, case .character(let previous)? = keys.last {
            let joined = String(previous) + String(next)
            if joined.count == 1, let character = joined.first {
                keys[keys.count - 1] = .character(character)
                return
            }
        }
        keys.append(key)
    }

    private enum Decoded {
        case complete(Key?, length: Int)
        case incomplete
    }

    private mutating func decodeKey(at index: Int, isFinal: Bool) -> Decoded {
        let byte = pending[index]
        let followsCarriageReturn = skipsLineFeed
        skipsLineFeed = false
        switch byte {
        case 0x1B:
            return decodeEscape(at: index, isFinal: isFinal)
        case 0x0D:
            skipsLineFeed = true
            return .complete(.enter, length: 1)
        case 0x0A:
            return .complete(followsCarriageReturn ? nil : .enter, length: 1)
        case 0x7F, 0x08:
            return .complete(.backspace, length: 1)
        case 0x09:
            return .complete(.tab, length: 1)
        case 0x01...0x1A:
            let letter = Character(Unicode.Scalar(byte + 0x60))
            return .complete(.control(letter), length: 1)
        case 0x00, 0x1C...0x1F:
            return .complete(nil, length: 1)
        case 0x20..<0x7F:
            return .complete(.character(Character(Unicode.Scalar(byte))), length: 1)
        default:
            return decodeUTF8(at: index, isFinal: isFinal)
        }
    }

    private mutating func decodeEscape(at index: Int, isFinal: Bool) -> Decoded {
        guard index + 1 < pending.count else {
            return isFinal ? .complete(.escape, length: 1) : .incomplete
        }
        switch pending[index + 1] {
        case UInt8(ascii: "["):
            return decodeControlSequence(at: index, isFinal: isFinal)
        case UInt8(ascii: "P"), UInt8(ascii: "_"), UInt8(ascii: "]"):
            if let reply = decodeStringReply(at: index, isFinal: isFinal) { return reply }
            let character = Character(Unicode.Scalar(pending[index + 1]))
            return .complete(.alt(.character(character)), length: 2)
        case UInt8(ascii: "O"):
            guard index + 2 < pending.count else {
                return isFinal ? .complete(.escape, length: 1) : .incomplete
            }
            return .complete(Self.singleShiftKey(pending[index + 2]), length: 3)
        case 0x7F, 0x08:
            return .complete(.alt(.backspace), length: 2)
        case 0x20..<0x7F:
            let character = Character(Unicode.Scalar(pending[index + 1]))
            return .complete(.alt(.character(character)), length: 2)
        case 0xC2...0xF4:
            // Alt and a character beyond ASCII, once all of its bytes are here.
            switch decodeUTF8(at: index + 1, isFinal: isFinal) {
            case .incomplete:
                return .incomplete
            case .complete(.character(let character)?, let length):
                return .complete(.alt(.character(character)), length: length + 1)
            case .complete:
                return .complete(.escape, length: 1)
            }
        default:
            // ESC ESC, or ESC and a control (Ctrl-C among them): the Esc stands alone and the
            // next byte is its own key.
            return .complete(.escape, length: 1)
        }
    }

    /// ESC [ parameters final: arrows, Home/End (H/F, 1~ 4~ 7~ 8~), Delete 3~, PgUp 5~, PgDn 6~,
    /// and the mouse: ESC [ < button ; x ; y M or m (SGR), or ESC [ M and three bytes (the
    /// older encoding, which a terminal without SGR mode sends: its bytes are never keys).
    private mutating func decodeControlSequence(at index: Int, isFinal: Bool) -> Decoded {
        var end = index + 2
        while end < pending.count {
            let byte = pending[end]
            if (0x40...0x7E).contains(byte) {
                let parameters = String(decoding: pending[(index + 2)..<end], as: UTF8.self)
                if parameters == "200" && byte == UInt8(ascii: "~") {
                    paste = []
                    return .complete(nil, length: end - index + 1)
                }
                if parameters.hasPrefix("?"), byte == UInt8(ascii: "c") {
                    let numbers = parameters.dropFirst().split(separator: ";").compactMap {
                        Int($0)
                    }
                    replies.append(.deviceAttributes(numbers))
                    return .complete(nil, length: end - index + 1)
                }
                if parameters.hasPrefix("<"), byte == UInt8(ascii: "M") || byte == UInt8(ascii: "m")
                {
                    return .complete(
                        Self.sgrMouseKey(
                            parameters: parameters.dropFirst(), isRelease: byte == UInt8(ascii: "m")
                        ),
                        length: end - index + 1)
                }
                if parameters.isEmpty, byte == UInt8(ascii: "M") {
                    guard end + 3 < pending.count else {
                        return isFinal ? .complete(nil, length: pending.count - index) : .incomplete
                    }
                    let values = pending[(end + 1)...(end + 3)].map { Int($0) - 32 }
                    return .complete(
                        Self.mouseKey(
                            button: values[0], x: values[1] - 1, y: values[2] - 1,
                            isRelease: values[0] & 3 == 3),
                        length: end - index + 4)
                }
                return .complete(
                    Self.controlSequenceKey(parameters: parameters, final: byte),
                    length: end - index + 1)
            }
            guard (0x20...0x3F).contains(byte) else {
                // Not a sequence after all: drop the introducer and go on with this byte.
                return .complete(nil, length: end - index)
            }
            end += 1
        }
        // `ESC [ ?` or `ESC [ >` came in one read: a reply, which no Esc typed by hand makes.
        let isReply =
            index + 2 < pending.count
            && (pending[index + 2] == UInt8(ascii: "?") || pending[index + 2] == UInt8(ascii: ">"))
        if isReply && end - index < Self.maximumReplySize {
            isReadingReply = true
            return .incomplete
        }
        return isFinal ? .complete(.escape, length: 1) : .incomplete
    }

    /// A string reply: `ESC P` with a DCS's parameters (XTVERSION's `>|`), `ESC _ G` (kitty),
    /// or `ESC ]` and a number, up to ST (`ESC \`) or BEL. nil when the bytes after the
    /// introducer start no reply, so that ESC and the letter are Alt and the letter (S1).
    private mutating func decodeStringReply(at index: Int, isFinal: Bool) -> Decoded? {
        let introducer = pending[index + 1]
        guard index + 2 < pending.count else { return isFinal ? nil : .incomplete }
        let first = pending[index + 2]
        let startsReply: Bool
        switch introducer {
        case UInt8(ascii: "P"): startsReply = (0x30...0x3F).contains(first) || first == 0x7C
        case UInt8(ascii: "_"): startsReply = first == UInt8(ascii: "G")
        default: startsReply = (0x30...0x39).contains(first)
        }
        guard startsReply else { return nil }
        var end = index + 2
        while end < pending.count {
            let byte = pending[end]
            if byte == 0x07 || byte == 0x1B {
                guard byte == 0x07 || end + 1 < pending.count else { break }
                let body = Array(pending[(index + 2)..<end])
                let length = end - index + (byte == 0x07 ? 1 : 0)
                guard byte == 0x07 || pending[end + 1] == UInt8(ascii: "\\") else {
                    // ESC and anything but `\` ends a broken reply; the ESC starts what follows.
                    replies.append(.other)
                    return .complete(nil, length: length)
                }
                replies.append(Self.reply(introducer: introducer, body: body))
                return .complete(nil, length: length + (byte == 0x07 ? 0 : 2))
            }
            end += 1
        }
        guard pending.count - index < Self.maximumReplySize else {
            return .complete(nil, length: pending.count - index)
        }
        isReadingReply = true
        return .incomplete
    }

    private static func reply(introducer: UInt8, body: [UInt8]) -> TerminalReply {
        let text = String(decoding: body, as: UTF8.self)
        if introducer == UInt8(ascii: "P"), text.hasPrefix(">|") {
            return .version(String(text.dropFirst(2)))
        }
        if introducer == UInt8(ascii: "_"), text.hasPrefix("G") {
            return .kittyGraphics(String(text.dropFirst()))
        }
        return .other
    }

    private static func controlSequenceKey(parameters: String, final: UInt8) -> Key? {
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "~"):
            let first = parameters.split(separator: ";").first.map(String.init) ?? ""
            switch first {
            case "1", "7": return .home
            case "4", "8": return .end
            case "3": return .delete
            case "5": return .pageUp
            case "6": return .pageDown
            default: return nil
            }
        default:
            return nil
        }
    }

    /// "0;12;5" after ESC [ <: the button, then the column and the row, from 1.
    private static func sgrMouseKey(parameters: Substring, isRelease: Bool) -> Key? {
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map {
            Int($0)
        }
        guard numbers.count == 3, let button = numbers[0], let x = numbers[1], let y = numbers[2]
        else { return nil }
        return mouseKey(button: button, x: x - 1, y: y - 1, isRelease: isRelease)
    }

    /// A click of the left button or a notch of the wheel; a release, a drag, another button
    /// and a sideways wheel are no key. `button` holds the button in its low two bits, then
    /// Shift 4, Alt 8, Ctrl 16, motion 32 and the wheel 64.
    private static func mouseKey(button: Int, x: Int, y: Int, isRelease: Bool) -> Key? {
        guard x >= 0, y >= 0, button >= 0, button < 128, !isRelease, button & 32 == 0 else {
            return nil
        }
        if button & 64 != 0 {
            switch button & 3 {
            case 0: return .mouse(MouseEvent(.scrollUp, x: x, y: y))
            case 1: return .mouse(MouseEvent(.scrollDown, x: x, y: y))
            default: return nil
            }
        }
        return button & 3 == 0 ? .mouse(MouseEvent(.press, x: x, y: y)) : nil
    }

    /// ESC O x: the "application cursor" arrows and Home/End.
    private static func singleShiftKey(_ byte: UInt8) -> Key? {
        switch byte {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        default: nil
        }
    }

    /// One UTF-8 encoded scalar; invalid bytes are dropped one at a time.
    private func decodeUTF8(at index: Int, isFinal: Bool) -> Decoded {
        let lead = pending[index]
        let length: Int
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return .complete(nil, length: 1)
        }
        for offset in 1..<length {
            guard index + offset < pending.count else {
                return isFinal ? .complete(nil, length: offset) : .incomplete
            }
            guard pending[index + offset] & 0xC0 == 0x80 else {
                return .complete(nil, length: offset)
            }
        }
        var value = UInt32(lead) & (0xFF >> (length + 1))
        for offset in 1..<length {
            value = value << 6 | UInt32(pending[index + offset] & 0x3F)
        }
        guard let scalar = Unicode.Scalar(value), value >= 0xA0 else {
            return .complete(nil, length: length)
        }
        return .complete(.character(Character(scalar)), length: length)
    }
}
