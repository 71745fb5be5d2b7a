import Testing

@testable import TerminalUI

/// The decoder turns raw terminal bytes into keys (T5, D5, E4), whatever the read boundaries.
@Suite struct InputDecoderTests {
    struct Encoding: Sendable, CustomStringConvertible {
        var bytes: [UInt8]
        var key: Key
        var description: String { "\(key) ← \(bytes)" }

        init(_ text: String, _ key: Key) {
            bytes = Array(text.utf8)
            self.key = key
        }

        init(_ bytes: [UInt8], _ key: Key) {
            self.bytes = bytes
            self.key = key
        }
    }

    static let encodings: [Encoding] = [
        Encoding("\u{1B}[A", .up), Encoding("\u{1B}[B", .down), Encoding("\u{1B}[C", .right),
        Encoding("\u{1B}[D", .left), Encoding("\u{1B}OA", .up), Encoding("\u{1B}OB", .down),
        Encoding("\u{1B}OC", .right), Encoding("\u{1B}OD", .left), Encoding("\u{1B}[1;5A", .up),
        Encoding("\u{1B}[H", .home), Encoding("\u{1B}[F", .end), Encoding("\u{1B}[1~", .home),
        Encoding("\u{1B}[4~", .end), Encoding("\u{1B}[7~", .home), Encoding("\u{1B}[8~", .end),
        Encoding("\u{1B}OH", .home), Encoding("\u{1B}OF", .end), Encoding("\u{1B}[5~", .pageUp),
        Encoding("\u{1B}[6~", .pageDown), Encoding("\u{1B}[3~", .delete),
        Encoding("\r", .enter), Encoding("\n", .enter),
        Encoding("\r\n", .enter), Encoding([0x7F], .backspace), Encoding([0x08], .backspace),
        Encoding("\t", .tab), Encoding([0x03], .control("c")), Encoding([0x01], .control("a")),
        Encoding([0x1A], .control("z")), Encoding("q", .character("q")),
        Encoding(" ", .character(" ")),
        Encoding("G", .character("G")), Encoding("한", .character("한")),
        Encoding("é", .character("é")),
        Encoding("🎬", .character("🎬")),
        Encoding("\u{1B}b", .alt(.character("b"))), Encoding("\u{1B}F", .alt(.character("F"))),
        Encoding("\u{1B} ", .alt(.character(" "))), Encoding([0x1B, 0x7F], .alt(.backspace)),
        Encoding("\u{1B}ö", .alt(.character("ö"))),
        // T5: the mouse in SGR form, columns and rows from 1 on the wire, from 0 as keys.
        Encoding("\u{1B}[<0;12;5M", .mouse(MouseEvent(.press, x: 11, y: 4))),
        Encoding("\u{1B}[<64;1;1M", .mouse(MouseEvent(.scrollUp, x: 0, y: 0))),
        Encoding("\u{1B}[<65;200;60M", .mouse(MouseEvent(.scrollDown, x: 199, y: 59))),
        Encoding("\u{1B}[<16;3;4M", .mouse(MouseEvent(.press, x: 2, y: 3))),
        // The older encoding: ESC [ M, then the button, the column and the row, each + 32.
        Encoding("\u{1B}[M ,%", .mouse(MouseEvent(.press, x: 11, y: 4))),
        Encoding("\u{1B}[Ma!!", .mouse(MouseEvent(.scrollDown, x: 0, y: 0))),
    ]

    /// Mouse reports that are no key: a release, a drag, the middle and right buttons, a
    /// sideways wheel, a report cut short or out of range. None of their bytes may type.
    static let ignoredMouseReports = [
        "\u{1B}[<0;12;5m", "\u{1B}[<32;12;5M", "\u{1B}[<1;12;5M", "\u{1B}[<2;12;5M",
        "\u{1B}[<66;12;5M", "\u{1B}[<67;12;5M", "\u{1B}[<0;12M", "\u{1B}[<0;0;5M",
        "\u{1B}[<128;1;1M", "\u{1B}[<;;M", "\u{1B}[M#qq", "\u{1B}[M@jk",
    ]

    @Test(
        "a mouse report that is no click or wheel notch types nothing (T5)",
        arguments: ignoredMouseReports)
    func ignoredMouseReportTypesNothing(_ report: String) {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array(report.utf8) + Array("x".utf8)) == [.character("x")])
        #expect(!decoder.hasPendingInput)
    }

    @Test("an older mouse report waits for its three bytes, and a timeout drops them (T5)")
    func olderMouseReportWaitsForItsBytes() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("\u{1B}[M ".utf8)).isEmpty)
        #expect(decoder.hasPendingInput)
        #expect(decoder.feed(Array("qq".utf8)) == [.mouse(MouseEvent(.press, x: 80, y: 80))])
        #expect(decoder.feed(Array("\u{1B}[Mq".utf8)).isEmpty)
        #expect(decoder.flush().isEmpty, "no q typed")
        #expect(!decoder.hasPendingInput)
    }

    @Test("every key encoding decodes to its key (T5, D5, E4)", arguments: encodings)
    func decodesEncoding(_ encoding: Encoding) {
        var decoder = InputDecoder()
        #expect(decoder.feed(encoding.bytes) == [encoding.key])
        #expect(!decoder.hasPendingInput)
    }

    @Test("every key encoding decodes the same when split byte by byte", arguments: encodings)
    func decodesEncodingSplitIntoSingleBytes(_ encoding: Encoding) {
        var decoder = InputDecoder()
        var keys: [Key] = []
        for byte in encoding.bytes {
            keys += decoder.feed([byte])
        }
        #expect(keys == [encoding.key])
    }

    @Test func severalKeysInOneRead() {
        var decoder = InputDecoder()
        let bytes = Array("jj\u{1B}[B\u{1B}[6~k기생충\r".utf8)
        #expect(
            decoder.feed(bytes) == [
                .character("j"), .character("j"), .down, .pageDown, .character("k"),
                .character("기"),
                .character("생"), .character("충"), .enter,
            ])
    }

    @Test func hangulSplitAcrossReadsStaysIntact() {
        var decoder = InputDecoder()
        let bytes = Array("한글".utf8)
        #expect(decoder.feed(bytes[0..<2]) == [])
        #expect(decoder.feed(bytes[2..<4]) == [.character("한")])
        #expect(decoder.feed(bytes[4...]) == [.character("글")])
    }

    @Test func carriageReturnAndLineFeedSplitAcrossReadsIsOneEnter() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("\r".utf8)) == [.enter])
        #expect(decoder.feed(Array("\n".utf8)) == [])
        #expect(decoder.feed(Array("\n".utf8)) == [.enter])
    }

    @Test("a bare Esc waits, then flush makes it the Esc key (D5)")
    func bareEscapeIsFlushed() {
        var decoder = InputDecoder()
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.hasPendingInput)
        #expect(decoder.flush() == [.escape])
        #expect(!decoder.hasPendingInput)
    }

    @Test func escapeFollowedByTheRestOfASequenceInTheNextReadIsTheSequence() {
        var decoder = InputDecoder()
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.feed(Array("[".utf8)) == [])
        #expect(decoder.feed(Array("A".utf8)) == [.up])
    }

    @Test func twoEscapesAreTwoEscKeys() {
        var decoder = InputDecoder()
        #expect(decoder.feed([0x1B, 0x1B]) == [.escape])
        #expect(decoder.flush() == [.escape])
    }

    @Test("ESC and a letter is Alt and the letter, never Esc and then the letter (S1)")
    func escapeBeforeALetterIsAltAndTheLetter() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("\u{1B}bq".utf8)) == [.alt(.character("b")), .character("q")])
        #expect(decoder.feed([0x1B]) == [], "alone, it waits")
        #expect(decoder.feed(Array("f".utf8)) == [.alt(.character("f"))])
    }

    @Test("ESC and a control is Esc and the control: Ctrl-C after an ESC still quits (E4)")
    func escapeBeforeAControlIsEscThenTheControl() {
        var decoder = InputDecoder()
        #expect(decoder.feed([0x1B, 0x03]) == [.escape, .control("c")])
        #expect(decoder.feed([0x1B, 0x0D]) == [.escape, .enter])
    }

    @Test("ESC and a partial character waits for the rest, or is Esc when flushed (S1)")
    func escapeBeforeAPartialCharacter() {
        var decoder = InputDecoder()
        let umlaut = Array("ö".utf8)
        #expect(decoder.feed([0x1B, umlaut[0]]) == [])
        #expect(decoder.flush() == [.escape])
        #expect(decoder.flush() == [], "the lone lead byte is dropped")
    }

    @Test func invalidBytesAndUnknownSequencesAreDropped() {
        var decoder = InputDecoder()
        #expect(
            decoder.feed([0xFF, 0x80] + Array("\u{1B}[2~\u{1B}[99zq".utf8)) == [.character("q")])
    }

    @Test func flushWithNothingPendingDoesNothing() {
        var decoder = InputDecoder()
        #expect(decoder.flush() == [])
    }

    // MARK: Bracketed paste and joined scalars (S1)

    static let pasteStart = Array("\u{1B}[200~".utf8)
    static let pasteEnd = Array("\u{1B}[201~".utf8)

    /// Pasted text between the terminal's brackets.
    static func pasted(_ text: String) -> [UInt8] {
        pasteStart + Array(text.utf8) + pasteEnd
    }

    @Test("a bracketed paste is one key holding its text, keys and line breaks included (S1)")
    func bracketedPasteIsOneKey() {
        var decoder = InputDecoder()
        let text = "super man\r\nq?\u{1B}[A 슈퍼맨 e\u{301}\u{7}"
        #expect(decoder.feed(Self.pasted(text)) == [.paste(text)])
        #expect(!decoder.hasPendingInput)
    }

    @Test("keys before and after a paste in the same read keep their order (S1, E7)")
    func keysAroundAPaste() {
        var decoder = InputDecoder()
        let bytes = Array("/".utf8) + Self.pasted("ab") + Array("\u{1B}[Bq".utf8)
        #expect(decoder.feed(bytes) == [.character("/"), .paste("ab"), .down, .character("q")])
    }

    @Test("a paste split byte by byte is still one key (S1)")
    func pasteSplitIntoSingleBytes() {
        var decoder = InputDecoder()
        var keys: [Key] = []
        for byte in Self.pasted("기생충 \u{1B}[B") + Array("x".utf8) {
            keys += decoder.feed([byte])
        }
        #expect(keys == [.paste("기생충 \u{1B}[B"), .character("x")])
    }

    @Test("a paste whose end is late waits through flushes, a bare Esc inside included (S1)")
    func pasteWaitsAcrossFlushes() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Self.pasteStart + Array("one\u{1B}".utf8)) == [])
        #expect(decoder.hasPendingInput)
        #expect(decoder.flush() == [], "the Esc key's timeout does not end a paste")
        #expect(decoder.feed(Array(" two\u{1B}[20".utf8)) == [])
        #expect(decoder.flush() == [])
        #expect(decoder.hasPendingInput)
        #expect(decoder.feed(Array("1~".utf8)) == [.paste("one\u{1B} two")])
        #expect(!decoder.hasPendingInput)
    }

    @Test("an empty paste is one empty paste, and two pastes are two keys (S1)")
    func emptyAndBackToBackPastes() {
        var decoder = InputDecoder()
        #expect(
            decoder.feed(Self.pasted("") + Self.pasted("a") + Self.pasted("b")) == [
                .paste(""), .paste("a"), .paste("b"),
            ])
    }

    static let joinedCharacters = [
        "e\u{301}", "👩\u{200D}👩\u{200D}👧", "🇰🇷", "❤\u{FE0F}", "\u{1112}\u{1161}\u{11AB}",
        "👍\u{1F3FD}", "a\u{308}\u{301}",
    ]

    @Test(
        "scalars that make one character in one read are one key (S1, T3)",
        arguments: joinedCharacters)
    func joinedScalarsAreOneCharacter(_ text: String) throws {
        var decoder = InputDecoder()
        let character = try #require(text.count == 1 ? text.first : nil)
        #expect(
            decoder.feed(Array(("x" + text + "y").utf8)) == [
                .character("x"), .character(character), .character("y"),
            ])
        #expect(text.unicodeScalars.count > 1)
        #expect(
            Self.keyScalars(decoder.feed(Array(text.utf8))) == text.unicodeScalars.map(\.value),
            "no scalar is lost or reordered")
    }

    /// The scalars of a single character key, to tell "e" + U+0301 from a precomposed "é".
    static func keyScalars(_ keys: [Key]) -> [UInt32] {
        guard keys.count == 1, case .character(let character) = keys[0] else { return [] }
        return character.unicodeScalars.map(\.value)
    }

    @Test("two flags or two emoji in one read stay two keys (S1)")
    func separateCharactersStaySeparate() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("🇰🇷🇯🇵".utf8)) == [.character("🇰🇷"), .character("🇯🇵")])
        #expect(decoder.feed(Array("🎬🍿".utf8)) == [.character("🎬"), .character("🍿")])
        #expect(decoder.feed(Array("한글".utf8)) == [.character("한"), .character("글")])
    }

    @Test("a combining mark after a key that is no character stays its own key")
    func combiningMarkAfterAnEnter() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("\r\u{301}".utf8)) == [.enter, .character("\u{301}")])
    }
}

/// A paste that never ends must not take every key after it (S1).
@Suite struct UnendedPasteTests {
    @Test("a paste past the limit without its end comes out, and keys after it are keys again")
    func unendedPasteEnds() {
        var decoder = InputDecoder()
        let start = Array("\u{1B}[200~".utf8)
        let body = [UInt8](repeating: UInt8(ascii: "x"), count: InputDecoder.maximumPasteSize)
        let keys = decoder.feed(start + body)
        #expect(keys.count == 1)
        if case .paste(let text)? = keys.first {
            #expect(text.count == InputDecoder.maximumPasteSize)
        } else {
            Issue.record("expected one paste, got \(keys)")
        }
        #expect(decoder.feed(Array("q".utf8)) == [.character("q")])
    }
}
