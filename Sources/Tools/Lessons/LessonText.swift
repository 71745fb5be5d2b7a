/// A place in the sources a lesson points at, e.g. `Sources/01-MVC/App.swift:12-30` or
/// `[the app](../Sources/01-MVC/App.swift#L12-L30)`.
struct Citation: Sendable, Hashable, CustomStringConvertible {
    /// Repository-relative, e.g. `Sources/01-MVC/App.swift`.
    var path: String
    /// The first cited line, nil for a link to the whole file.
    var firstLine: Int?
    /// The last cited line, as written (a backwards range is the lesson's mistake to report).
    var lastLine: Int?
    /// 1-based line of the lesson where the citation is, for messages.
    var lessonLine: Int

    var description: String {
        guard let firstLine else { return path }
        guard let lastLine, lastLine != firstLine else { return "\(path):\(firstLine)" }
        return "\(path):\(firstLine)-\(lastLine)"
    }

    /// Why the citation is wrong in `repository`, or nil when its file and lines exist.
    func problem(in repository: Repository) -> String? {
        guard let text = repository.text(at: path) else { return "\(path) does not exist" }
        guard let firstLine else { return nil }
        let lastLine = lastLine ?? firstLine
        let count = TextLines(text).lines.count
        if firstLine < 1 || lastLine < firstLine {
            return "\(self) is not a range of lines"
        }
        if lastLine > count {
            return "\(self) is past the end of \(path) (\(count) lines)"
        }
        return nil
    }
}

/// What the tool reads from a lesson's Markdown: its one-line summary, its citations and how
/// long it takes to read.
enum LessonText {
    /// English words read in a minute, for the reading time.
    static let wordsPerMinute = 200
    /// Hangul syllables read in a minute: a Korean page reads at about this pace.
    static let hangulSyllablesPerMinute = 500

    /// The heading after which a lesson's main path ends, in each edition: what follows is
    /// for a second reading, and the reading time leaves it out.
    static let goingFurtherHeadings: Set<String> = ["## Going further", "## 더 나아가기"]

    /// Minutes to read the prose of the main path, rounded up: everything before "Going
    /// further", with code blocks, HTML comments and link targets left out, each Hangul
    /// syllable counted at Korean pace and every other word at English pace.
    static func readingMinutes(of markdown: String) -> Int {
        var words = 0
        var syllables = 0
        var isInFence = false
        // Made once, not once a line: a regex literal is parsed and compiled where it is made.
        let comment = #/<!--.*?-->/#
        let linkTarget = #/\]\([^)]*\)/#
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if !isInFence && goingFurtherHeadings.contains(String(line)) { break }
            if line.trimmingPrefix(while: { $0 == " " }).hasPrefix("```") {
                isInFence.toggle()
                continue
            }
            guard !isInFence else { continue }
            let prose = line.replacing(comment, with: "").replacing(linkTarget, with: "]")
            for word in prose.split(whereSeparator: { $0.isWhitespace }) {
                let hangul = word.unicodeScalars.filter { (0xAC00...0xD7A3).contains($0.value) }
                    .count
                if hangul > 0 {
                    syllables += hangul
                } else if word.contains(where: { $0.isLetter || $0.isNumber }) {
                    words += 1
                }
            }
        }
        let minutes =
            Double(words) / Double(wordsPerMinute)
            + Double(syllables) / Double(hangulSyllablesPerMinute)
        return Int(minutes.rounded(.up))
    }

    /// The first sentence of the lesson's first paragraph of prose, without Markdown; the first
    /// heading's text when there is no prose; nil for an empty lesson.
    static func summary(of markdown: String) -> String? {
        var heading: String?
        var paragraph: [String] = []
        var isInFence = false
        var isInComment = false
        for rawLine in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = rawLine.trimmingWhitespace()
            if line.hasPrefix("```") || line.hasPrefix("~~~") {
                isInFence.toggle()
                continue
            }
            if isInFence { continue }
            if isInComment || line.hasPrefix("<!--") {
                isInComment = !line.contains("-->")
                continue
            }
            if line.isEmpty {
                if !paragraph.isEmpty { break }
                continue
            }
            if line.hasPrefix("#") {
                if !paragraph.isEmpty { break }
                if heading == nil {
                    heading = String(line.drop { $0 == "#" }).trimmingWhitespace()
                }
                continue
            }
            // Prose only: not a quote, list, table, image or rule.
            let isProse =
                !(line.hasPrefix(">") || line.hasPrefix("|") || line.hasPrefix("![")
                || line.hasPrefix("- ") || line.hasPrefix("* ") || line.hasPrefix("---")
                || line.first?.isNumber == true && line.contains(". "))
            if isProse {
                paragraph.append(line)
            } else if !paragraph.isEmpty {
                break
            }
        }
        let text =
            paragraph.isEmpty
            ? heading.map(plainText)
            : firstSentence(
                of: plainText(
                    paragraph.joined(separator: " ")))
        return text?.isEmpty == false ? text : nil
    }

    /// Markdown's marks taken out: `[text](url)` → text; backticks, `**` and `__` dropped.
    static func plainText(_ markdown: String) -> String {
        let linked = markdown.replacing(#/!?\[(?<text>[^\]]*)\]\([^)]*\)/#) { $0.output.text }
        return
            linked
            .replacing("**", with: "").replacing("__", with: "").replacing("`", with: "")
            .trimmingWhitespace()
    }

    /// Up to the first `. `, `! ` or `? ` that starts a new sentence (a capital follows), so
    /// that "e.g. the" does not cut.
    private static func firstSentence(of text: String) -> String {
        let characters = Array(text)
        for index in characters.indices.dropLast(2)
        where ".!?".contains(characters[index]) && characters[index + 1] == " "
            && characters[index + 2].isUppercase
        {
            return String(characters[...index])
        }
        return text
    }

    /// Every citation of a Swift source in `markdown`: `Sources/…swift:12`,
    /// `Sources/…swift:12-30`, and links `(../Sources/…swift)`, `(…#L12)`, `(…#L12-L30)`.
    static func citations(in markdown: String) -> [Citation] {
        var citations: [Citation] = []
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
            for match in line.matches(
                of: #/(?<path>Sources/[A-Za-z0-9_.+/-]+\.swift):(?<start>\d+)(?:-(?<end>\d+))?/#)
            {
                citations.append(
                    Citation(
                        path: String(match.output.path), firstLine: Int(match.output.start),
                        lastLine: match.output.end.flatMap { Int($0) } ?? Int(match.output.start),
                        lessonLine: index + 1))
            }
            for match in line.matches(
                of:
                    #/\]\((?:\./)?(?:\.\./)*(?<path>Sources/[^)#\s]+\.swift)(?:#L(?<start>\d+)(?:-L(?<end>\d+))?)?\)/#
            ) {
                let firstLine = match.output.start.flatMap { Int($0) }
                citations.append(
                    Citation(
                        path: String(match.output.path), firstLine: firstLine,
                        lastLine: match.output.end.flatMap { Int($0) } ?? firstLine,
                        lessonLine: index + 1))
            }
        }
        return citations
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs.
    func trimmingWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}
