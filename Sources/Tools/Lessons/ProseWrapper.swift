import TerminalUI

/// A lesson's prose wrapped again to the terminal's width, so that `lessons show` on an
/// 80-column terminal breaks lines between words, never inside one. Paragraphs, list items
/// and quoted prose are joined and wrapped again, keeping their markers and indentation;
/// code blocks, tables, headings and HTML lines are left exactly as written. Width is
/// counted in terminal columns, so that a Hangul syllable counts two.
enum ProseWrapper {
    /// Lines wider than this are not made: on a wide terminal prose still reads best short.
    static let widest = 100

    static func wrap(_ markdown: String, width: Int) -> String {
        let width = min(width, widest)
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(
            String.init)
        var output: [String] = []
        var paragraph: (quote: String, lines: [String])?
        var fence: (quote: String, mark: String)?

        func flush() {
            if let (quote, body) = paragraph {
                output += wrapParagraph(body, quote: quote, width: width)
            }
            paragraph = nil
        }

        for line in lines {
            let (quote, content) = splitQuote(line)
            let trimmed = content.trimmingWhitespace()
            if let open = fence {
                output.append(line)
                if quote == open.quote, trimmed.hasPrefix(open.mark) { fence = nil }
                continue
            }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                flush()
                fence = (quote, String(trimmed.prefix(3)))
                output.append(line)
                continue
            }
            let keepsItsShape =
                trimmed.isEmpty || trimmed.hasPrefix("|") || trimmed.hasPrefix("#")
                || trimmed.hasPrefix("<") || trimmed.hasPrefix("---")
            if keepsItsShape {
                flush()
                output.append(line)
                continue
            }
            if let current = paragraph, current.quote == quote {
                paragraph?.lines.append(content)
            } else {
                flush()
                paragraph = (quote, [content])
            }
        }
        flush()
        return output.joined(separator: "\n")
    }

    /// Terminal columns of `text`: a Hangul syllable takes two.
    static func columns(_ text: some StringProtocol) -> Int {
        String(text).displayWidth
    }

    /// `> ` (or `>`) at the start of a quoted line, and the rest.
    private static func splitQuote(_ line: String) -> (quote: String, content: String) {
        guard let match = line.prefixMatch(of: #/(?:[ ]{0,3}>[ ]?)+/#) else { return ("", line) }
        return (String(match.output), String(line[match.range.upperBound...]))
    }

    /// One run of prose lines, split into list items, each wrapped with its marker first and
    /// its continuation lines indented under the marker's text.
    private static func wrapParagraph(_ lines: [String], quote: String, width: Int) -> [String] {
        var items: [(first: String, hanging: String, words: [String])] = []
        for line in lines {
            let indent = String(line.prefix { $0 == " " })
            let rest = String(line.dropFirst(indent.count))
            if let marker = rest.prefixMatch(of: #/(?:[-*+]|\d{1,3}[.)])[ ]+/#) {
                let first = quote + indent + marker.output
                items.append(
                    (
                        first, quote + String(repeating: " ", count: first.count - quote.count),
                        words(in: String(rest[marker.range.upperBound...]))
                    ))
            } else if items.isEmpty {
                items.append((quote + indent, quote + indent, words(in: rest)))
            } else {
                items[items.count - 1].words += words(in: rest)
            }
        }
        return items.flatMap { item in
            fill(item.words, first: item.first, hanging: item.hanging, width: width)
        }
    }

    /// Words, with an HTML comment and what touches it kept as one, so that a count marker
    /// (`<!-- lines: PATH -->12<!-- /lines -->`) stays on one line.
    private static func words(in text: String) -> [String] {
        text.matches(of: #/(?:<!--.*?-->|\S)+/#).map { String($0.output) }
    }

    private static func fill(_ words: [String], first: String, hanging: String, width: Int)
        -> [String]
    {
        var lines: [String] = []
        var current = first
        var currentWidth = first.displayWidth
        var isEmpty = true
        for word in words {
            let wordWidth = word.displayWidth
            if !isEmpty && currentWidth + 1 + wordWidth > width {
                lines.append(current)
                current = hanging
                currentWidth = hanging.displayWidth
                isEmpty = true
            }
            current += isEmpty ? word : " " + word
            currentWidth += isEmpty ? wordWidth : 1 + wordWidth
            isEmpty = false
        }
        lines.append(current)
        return lines
    }
}
