extension String {
    /// The mark a cut line ends with.
    static let ellipsis = "…"

    /// Ends with "…" when cut; the result's display width never exceeds `width`.
    public func truncated(toWidth width: Int) -> String {
        guard width > 0 else { return "" }
        let text = sanitizedForTerminal()
        guard text.displayWidth > width else { return text }
        let room = width - Self.ellipsis.displayWidth
        var result = ""
        var used = 0
        for character in text {
            let characterWidth = character.displayWidth
            if used + characterWidth > room { break }
            result.append(character)
            used += characterWidth
        }
        return result + Self.ellipsis
    }

    /// Ends with its end: begins with "…" when cut from the start; the result's display width
    /// never exceeds `width`.
    func truncatedFromStart(toWidth width: Int) -> String {
        guard width > 0 else { return "" }
        let text = sanitizedForTerminal()
        guard text.displayWidth > width else { return text }
        let room = width - Self.ellipsis.displayWidth
        var kept: [Character] = []
        var used = 0
        for character in text.reversed() {
            let characterWidth = character.displayWidth
            if used + characterWidth > room { break }
            kept.append(character)
            used += characterWidth
        }
        return Self.ellipsis + String(kept.reversed())
    }

    /// Truncated, then spaces up to exactly `width` columns.
    public func padded(toWidth width: Int) -> String {
        let text = truncated(toWidth: width)
        return text + String(repeating: " ", count: max(width - text.displayWidth, 0))
    }

    /// Word wrap by display width. Line breaks in the text start new lines; a word wider
    /// than the line (Korean, a URL) breaks between characters. No line exceeds `width`.
    public func wrapped(toWidth width: Int) -> [String] {
        wrapped(firstLineWidth: width, otherLinesWidth: width)
    }

    /// Word wrap with a first line of its own width, as under a hanging indent. When
    /// `keepsWordsWhole`, a word wider than its line is cut with "…" rather than broken
    /// across lines, as an address must stay whole (D1).
    func wrapped(firstLineWidth: Int, otherLinesWidth: Int, keepsWordsWhole: Bool = false)
        -> [String]
    {
        guard firstLineWidth > 0, otherLinesWidth > 0 else { return [] }
        var lines: [String] = []
        for paragraph in split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            let firstWidth = lines.isEmpty ? firstLineWidth : otherLinesWidth
            lines.append(
                contentsOf: Self.wrapParagraph(
                    String(paragraph).sanitizedForTerminal(), firstLineWidth: firstWidth,
                    otherLinesWidth: otherLinesWidth, keepsWordsWhole: keepsWordsWhole))
        }
        return lines
    }

    private static func wrapParagraph(
        _ paragraph: String, firstLineWidth: Int, otherLinesWidth: Int, keepsWordsWhole: Bool
    ) -> [String] {
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        var width: Int { lines.isEmpty ? firstLineWidth : otherLinesWidth }
        for word in paragraph.split(separator: " ") {
            let wordWidth = word.reduce(0) { $0 + $1.displayWidth }
            if lineWidth > 0 && lineWidth + 1 + wordWidth <= width {
                line += " " + word
                lineWidth += 1 + wordWidth
                continue
            }
            if lineWidth > 0 {
                lines.append(line)
                line = ""
                lineWidth = 0
            }
            if keepsWordsWhole {
                line = String(word).truncated(toWidth: width)
                lineWidth = line.displayWidth
                continue
            }
            for character in word {
                let characterWidth = character.displayWidth
                if characterWidth > width { continue }
                if lineWidth + characterWidth > width {
                    lines.append(line)
                    line = ""
                    lineWidth = 0
                    // The next line may be narrower than the one it follows.
                    if characterWidth > width { continue }
                }
                line.append(character)
                lineWidth += characterWidth
            }
        }
        lines.append(line)
        return lines
    }
}
