/// Swift source read as text, for the tests that tie the repository's files together: the
/// code with every comment and the inside of every string literal blanked out, so that a
/// search for `Step.all` or a parenthesis is not fooled by what a comment or a string says,
/// and the string literals kept aside.
///
/// Offsets count UTF-8 bytes; every character the scanner looks for is ASCII, so a byte
/// never splits one of them.
struct SwiftSource {
    /// One string literal: where its opening delimiter starts, and its text between the
    /// delimiters, escapes left as written.
    struct Literal: Equatable {
        var start: Int
        var text: String
    }

    /// The source's bytes, with comments and string contents turned into spaces; the quotes
    /// and line breaks stay, so offsets and line numbers are the source's.
    let code: [UInt8]
    let literals: [Literal]
    private let text: [UInt8]
    /// The offset where each line starts.
    private let lineStarts: [Int]

    init(_ source: String) {
        var scanner = Scanner(Array(source.utf8))
        scanner.scanCode(untilClosingParenthesis: false)
        text = scanner.text
        code = scanner.code
        literals = scanner.literals.sorted { $0.start < $1.start }
        let bytes = scanner.text
        lineStarts = [0] + bytes.indices.filter { bytes[$0] == UInt8(ascii: "\n") }.map { $0 + 1 }
    }

    /// 1-based line of an offset.
    func line(at offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle }
        }
        return low + 1
    }

    /// Offsets where `word` starts in the code, outside comments and strings, not inside a
    /// longer identifier.
    func occurrences(of word: String) -> [Int] {
        let pattern = Array(word.utf8)
        guard !pattern.isEmpty, code.count >= pattern.count else { return [] }
        return (0...(code.count - pattern.count)).filter { start in
            code[start] == pattern[0]
                && code[start..<(start + pattern.count)].elementsEqual(pattern)
                && !(start > 0 && Self.isIdentifierByte(code[start - 1])
                    && Self.isIdentifierByte(pattern[0]))
                && !(start + pattern.count < code.count
                    && Self.isIdentifierByte(code[start + pattern.count])
                    && Self.isIdentifierByte(pattern[pattern.count - 1]))
        }
    }

    /// The offset just past the bracket that closes the one at `open` (`(`, `[` or `{`), or
    /// nil when it is not closed.
    func end(ofBracketAt open: Int) -> Int? {
        guard open < code.count else { return nil }
        let opening = code[open]
        let closing: UInt8
        switch opening {
        case UInt8(ascii: "("): closing = UInt8(ascii: ")")
        case UInt8(ascii: "["): closing = UInt8(ascii: "]")
        case UInt8(ascii: "{"): closing = UInt8(ascii: "}")
        default: return nil
        }
        var depth = 0
        for index in open..<code.count {
            if code[index] == opening { depth += 1 }
            if code[index] == closing {
                depth -= 1
                if depth == 0 { return index + 1 }
            }
        }
        return nil
    }

    /// The first offset at or after `offset` that is not white space in the code.
    func skippingWhiteSpace(from offset: Int) -> Int {
        var index = offset
        while index < code.count, [0x20, 0x09, 0x0A, 0x0D].contains(code[index]) { index += 1 }
        return index
    }

    /// The code between two offsets, comments and string contents blanked.
    func code(in range: Range<Int>) -> String {
        String(decoding: code[range.clamped(to: 0..<code.count)], as: UTF8.self)
    }

    /// The source text between two offsets, as written.
    func text(in range: Range<Int>) -> String {
        String(decoding: text[range.clamped(to: 0..<text.count)], as: UTF8.self)
    }

    /// The literal whose opening delimiter starts at `offset`.
    func literal(at offset: Int) -> Literal? {
        literals.first { $0.start == offset }
    }

    static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    /// Walks the bytes once: code, comments (`//`, nested `/* */`), string literals (`"…"`,
    /// `"""…"""`, raw `#"…"#`, with `\(…)` interpolations that hold code of their own) and
    /// extended regex literals (`#/…/#`). A bare `/…/` regex reads as code.
    private struct Scanner {
        let text: [UInt8]
        var code: [UInt8]
        var literals: [Literal] = []
        var index = 0

        init(_ text: [UInt8]) {
            self.text = text
            code = text
        }

        private func byte(_ offset: Int) -> UInt8? {
            index + offset < text.count ? text[index + offset] : nil
        }

        private mutating func blank(_ range: Range<Int>) {
            for offset in range where text[offset] != UInt8(ascii: "\n") {
                code[offset] = UInt8(ascii: " ")
            }
        }

        /// Code up to the end, or up to the `)` that closes an interpolation.
        mutating func scanCode(untilClosingParenthesis: Bool) {
            var depth = 0
            while index < text.count {
                let current = text[index]
                if current == UInt8(ascii: "/"), byte(1) == UInt8(ascii: "/") {
                    let start = index
                    while index < text.count, text[index] != UInt8(ascii: "\n") { index += 1 }
                    blank(start..<index)
                } else if current == UInt8(ascii: "/"), byte(1) == UInt8(ascii: "*") {
                    scanBlockComment()
                } else if current == UInt8(ascii: "\"") || current == UInt8(ascii: "#") {
                    var hashes = 0
                    while byte(hashes) == UInt8(ascii: "#") { hashes += 1 }
                    if byte(hashes) == UInt8(ascii: "\"") {
                        scanString(hashes: hashes)
                    } else if hashes > 0, byte(hashes) == UInt8(ascii: "/") {
                        scanRegex(hashes: hashes)
                    } else {
                        index += max(hashes, 1)
                    }
                } else if current == UInt8(ascii: "(") {
                    depth += 1
                    index += 1
                } else if current == UInt8(ascii: ")") {
                    index += 1
                    if untilClosingParenthesis && depth == 0 { return }
                    depth -= 1
                } else {
                    index += 1
                }
            }
        }

        private mutating func scanBlockComment() {
            let start = index
            var depth = 0
            while index < text.count {
                if text[index] == UInt8(ascii: "/"), byte(1) == UInt8(ascii: "*") {
                    depth += 1
                    index += 2
                } else if text[index] == UInt8(ascii: "*"), byte(1) == UInt8(ascii: "/") {
                    depth -= 1
                    index += 2
                    if depth == 0 { break }
                } else {
                    index += 1
                }
            }
            blank(start..<index)
        }

        /// From the first `#` or `"` of a literal to just past its closing delimiter.
        private mutating func scanString(hashes: Int) {
            let start = index
            index += hashes
            let isMultiline = byte(1) == UInt8(ascii: "\"") && byte(2) == UInt8(ascii: "\"")
            let quotes = isMultiline ? 3 : 1
            index += quotes
            let contentStart = index
            var contentEnd = text.count
            while index < text.count {
                if text[index] == UInt8(ascii: "\\"), hashesFollow(hashes, at: index + 1) {
                    index += 1 + hashes
                    if byte(0) == UInt8(ascii: "(") {
                        index += 1
                        scanCode(untilClosingParenthesis: true)
                    } else {
                        index += 1
                    }
                } else if text[index] == UInt8(ascii: "\""), closes(quotes: quotes, hashes: hashes)
                {
                    contentEnd = index
                    index += quotes + hashes
                    break
                } else if !isMultiline && text[index] == UInt8(ascii: "\n") {
                    contentEnd = index
                    break
                } else {
                    index += 1
                }
            }
            literals.append(
                Literal(
                    start: start,
                    text: String(decoding: text[contentStart..<contentEnd], as: UTF8.self)))
            blank(contentStart..<contentEnd)
        }

        /// An extended regex literal, `#/…/#`: blanked like a string, and no literal.
        private mutating func scanRegex(hashes: Int) {
            index += hashes + 1
            let contentStart = index
            while index < text.count {
                if text[index] == UInt8(ascii: "/"), hashesFollow(hashes, at: index + 1) {
                    blank(contentStart..<index)
                    index += 1 + hashes
                    return
                }
                index += 1
            }
            blank(contentStart..<index)
        }

        private func hashesFollow(_ count: Int, at offset: Int) -> Bool {
            (0..<count).allSatisfy { offset + $0 < text.count && text[offset + $0] == 0x23 }
        }

        private func closes(quotes: Int, hashes: Int) -> Bool {
            (0..<quotes).allSatisfy { byte($0) == UInt8(ascii: "\"") }
                && hashesFollow(hashes, at: index + quotes)
        }
    }
}
