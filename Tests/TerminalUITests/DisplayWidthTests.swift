import Testing

@testable import TerminalUI

/// T3: widths come from a table, never the locale; text never grows wider than asked.
@Suite struct DisplayWidthTests {
    struct Sample: Sendable, CustomStringConvertible {
        var text: String
        var width: Int
        var description: String {
            "\(text.unicodeScalars.map { String($0.value, radix: 16) }) → \(width)"
        }

        init(_ text: String, _ width: Int) {
            self.text = text
            self.width = width
        }
    }

    @Test(
        "the width table (T3)",
        arguments: [
            Sample("a", 1), Sample("Hello, world", 12), Sample("", 0),
            Sample("한", 2), Sample("기생충", 6), Sample("헤어질 결심", 11),
            Sample("\u{1100}\u{1161}\u{11A8}", 2),  // conjoining jamo: one syllable block
            Sample("\u{3131}", 2),  // compatibility jamo ㄱ
            Sample("千と千尋", 8), Sample("臥虎藏龍", 8), Sample("カタカナ", 8),
            Sample("Ｆｕｌｌ", 8), Sample("\u{3000}", 2),
            Sample("🎬", 2), Sample("🦖", 2), Sample("❤️", 2), Sample("👩‍👩‍👧", 2), Sample("👍🏽", 2),
            Sample("🇰🇷", 2), Sample("1️⃣", 2),
            Sample("e\u{301}", 1), Sample("Ame\u{301}lie", 6), Sample("a\u{200B}b", 2),
            Sample("\u{FEFF}", 0), Sample("é", 1), Sample("…", 1), Sample("★ 7.4", 5),
            Sample("\u{1B}", 0), Sample("\u{7}", 0), Sample("\u{9B}", 0),
        ])
    func width(_ sample: Sample) {
        #expect(sample.text.displayWidth == sample.width)
    }

    @Test func truncationEndsWithAnEllipsisAndFits() {
        #expect("Parasite".truncated(toWidth: 20) == "Parasite")
        #expect(
            "Parasite".truncated(toWidth: 5) == "Pará".replacingOccurrences(of: "á", with: "a")
                + "…")
        #expect("기생충 영화".truncated(toWidth: 6) == "기생…")
        #expect("기생충".truncated(toWidth: 6) == "기생충")
        #expect("기생충".truncated(toWidth: 4) == "기…")
        #expect("abc".truncated(toWidth: 0) == "")
        #expect("abc".truncated(toWidth: 1) == "…")
    }

    @Test func paddingFillsExactlyTheWidth() {
        #expect("기생충".padded(toWidth: 8) == "기생충  ")
        #expect("기생충 영화 제목".padded(toWidth: 7).displayWidth == 7)
        #expect("".padded(toWidth: 3) == "   ")
    }

    @Test func wrappingBreaksBetweenWords() {
        #expect("the quick brown fox".wrapped(toWidth: 10) == ["the quick", "brown fox"])
        #expect("a\nb".wrapped(toWidth: 10) == ["a", "b"])
        #expect("".wrapped(toWidth: 10) == [""])
    }

    @Test("text without spaces still wraps (Korean, URLs)")
    func wrappingBreaksLongWords() {
        #expect("가나다라마바사".wrapped(toWidth: 6) == ["가나다", "라마바", "사"])
        #expect("abcdefghij".wrapped(toWidth: 4) == ["abcd", "efgh", "ij"])
        #expect(
            "see https://example.com/x".wrapped(toWidth: 8) == [
                "see", "https://", "example.", "com/x",
            ])
    }

    @Test("truncation and wrapping never exceed the width (property, fixed seed)")
    func neverExceedsTheWidth() {
        var generator = SeededGenerator(seed: 0x5EED_2024)
        for _ in 0..<2_000 {
            let text = generator.unicodeString(maximumLength: 40)
            let width = Int.random(in: 1...30, using: &generator)
            let truncated = text.truncated(toWidth: width)
            #expect(truncated.displayWidth <= width, "\(text.debugDescription) at \(width)")
            #expect(
                text.padded(toWidth: width).displayWidth == width,
                "\(text.debugDescription) at \(width)")
            for line in text.wrapped(toWidth: width) {
                #expect(line.displayWidth <= width, "\(text.debugDescription) at \(width)")
            }
            #expect(
                !truncated.unicodeScalars.contains {
                    $0.value < 0x20 || (0x7F...0x9F).contains($0.value)
                })
        }
    }

    @Test("a string measures the same as its characters added up (property, fixed seed)")
    func stringWidthIsTheSumOfCharacterWidths() {
        var generator = SeededGenerator(seed: 0xC0FFEE)
        let samples = ["Dune: Part Two  ★ 8.2", "기생충 — 2019", "Amélie", "e\u{301}", "한\u{11A8}"]
        for text in samples + (0..<2_000).map({ _ in generator.unicodeString(maximumLength: 40) }) {
            let characters = text.reduce(0) { $0 + $1.displayWidth }
            #expect(text.displayWidth == characters, "\(text.debugDescription)")
        }
    }

    @Test("wrapping keeps every visible character (property, fixed seed)")
    func wrappingLosesNoText() {
        var generator = SeededGenerator(seed: 42)
        for _ in 0..<500 {
            let text = generator.unicodeString(maximumLength: 60).sanitizedForTerminal()
            let width = Int.random(in: 2...20, using: &generator)
            // Compared per character: joining lines could merge a mark with the previous line's end.
            let isVisible = { (character: Character) in
                character != " " && character.displayWidth > 0
            }
            let visible = Array(text).filter(isVisible).map(String.init)
            let wrapped = text.wrapped(toWidth: width).flatMap {
                Array($0).filter(isVisible).map(String.init)
            }
            #expect(wrapped == visible, "\(text.debugDescription) at \(width)")
        }
    }

    @Test(
        "a hanging or a linked wrap, and a cut from the start, never exceed their widths (property, fixed seed; T13, D1)"
    )
    func hangingLinkedAndStartCutsFit() {
        var generator = SeededGenerator(seed: 0xD1_7130)
        for _ in 0..<1_000 {
            let text = generator.unicodeString(maximumLength: 60)
            let first = Int.random(in: 1...30, using: &generator)
            let others = Int.random(in: 1...30, using: &generator)
            for keepsWordsWhole in [false, true] {
                let lines = text.wrapped(
                    firstLineWidth: first, otherLinesWidth: others,
                    keepsWordsWhole: keepsWordsWhole)
                for (index, line) in lines.enumerated() {
                    let width = index == 0 ? first : others
                    #expect(
                        line.displayWidth <= width,
                        "\(text.debugDescription) at \(first), \(others), whole words: \(keepsWordsWhole)"
                    )
                }
            }
            // Words of ASCII letters, some wider than a line: a linked wrap keeps each whole
            // that fits its line, and cuts the others with "…" rather than breaking them.
            let words = (0..<Int.random(in: 1...8, using: &generator)).map { _ in
                String(repeating: "a", count: Int.random(in: 1...40, using: &generator))
            }
            let lines = words.joined(separator: " ").wrapped(
                firstLineWidth: first, otherLinesWidth: others, keepsWordsWhole: true)
            let pieces = lines.flatMap { $0.split(separator: " ").map(String.init) }
            #expect(pieces.count == words.count, "\(words) at \(first), \(others)")
            for (word, piece) in zip(words, pieces) {
                let isWhole = piece == word
                #expect(
                    isWhole || word.count > min(first, others), "\(word) at \(first), \(others)")
                #expect(isWhole || (piece.hasSuffix("…") && word.hasPrefix(piece.dropLast())))
            }
            let cut = text.truncatedFromStart(toWidth: first)
            #expect(cut.displayWidth <= first, "\(text.debugDescription) at \(first)")
            let sanitized = text.sanitizedForTerminal()
            #expect(
                cut == sanitized || (cut.hasPrefix("…") && sanitized.hasSuffix(cut.dropFirst())),
                "\(text.debugDescription) at \(first)")
        }
    }
}
