/// The Korean glossary, `Lessons/ko/GLOSSARY.md`, tied to the Korean edition both ways: a
/// term is set in bold at its first use in each document, so that bold says "this word is in
/// the glossary" and the glossary lists only words the lessons use.
///
/// - A bold span is a term, or a run-in heading that ends in `.`, `?`, `!` or `:`.
/// - Every row is used: one of its forms occurs in a lesson or in the study guide.
/// - In each of those documents, the first use of a term is bold.
///
/// A row's forms are its first cell, each `, `-separated part of it, and each part without a
/// trailing `(…)`: "의존성 주입(DI)" is also "의존성 주입". Only prose counts: not code blocks,
/// headings, HTML comments or link targets, and not code spans, except one that is exactly a
/// term (`Driver`), which is set in bold as **`Driver`**. A line break counts as a space, and a
/// term is not found inside a longer word (모델 is not in 뷰모델).
enum Glossary {
    static let path = "Lessons/ko/GLOSSARY.md"

    /// One row of the glossary.
    struct Term: Sendable {
        var name: String
        var forms: [String]
        /// 1-based, in the glossary.
        var line: Int
    }

    static func terms(in glossary: String) -> [Term] {
        var terms: [Term] = []
        for (index, line) in glossary.split(separator: "\n", omittingEmptySubsequences: false)
            .enumerated()
        where line.hasPrefix("| ") && !line.hasPrefix("| 한국어") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false)
            guard cells.count > 2 else { continue }
            let name = cells[1].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty, !name.allSatisfy({ $0 == "-" }) else { continue }
            terms.append(Term(name: name, forms: forms(of: name), line: index + 1))
        }
        return terms
    }

    static func forms(of name: String) -> [String] {
        var forms: [String] = []
        for part in [name] + name.split(separator: ", ").map(String.init) {
            let part = part.trimmingCharacters(in: .whitespaces)
            for form in [part, part.replacing(#/\s*\([^)]*\)$/#, with: "")]
            where !form.isEmpty && !forms.contains(form) {
                forms.append(form)
            }
        }
        return forms
    }

    /// The Korean lessons and the study guide, repository-relative.
    static func documents(in repository: Repository) -> [String] {
        repository.lessonDocuments().filter { $0.hasPrefix("Lessons/ko/") && $0 != path }
    }

    static func problems(in repository: Repository) -> [LessonProblem] {
        guard let glossary = repository.text(at: path) else { return [] }
        let documents = documents(in: repository).compactMap { document in
            repository.text(at: document).map { (path: document, text: $0) }
        }
        return problems(glossary: glossary, documents: documents)
    }

    static func problems(glossary: String, documents: [(path: String, text: String)])
        -> [LessonProblem]
    {
        let terms = terms(in: glossary)
        let allForms = Set(terms.flatMap(\.forms))
        let patterns = terms.map { term in term.forms.map { (form: $0, regex: pattern(for: $0)) } }
        var problems: [LessonProblem] = []
        var used = Set<Int>()
        for document in documents {
            let text = prose(document.text, codeTerms: allForms)
            var spans: [(range: Range<String.Index>, isTerm: Bool)] = []
            for match in text.matches(of: #/\*\*(?<content>[^*]+?)\*\*/#) {
                let content = match.output.content.split(whereSeparator: \.isWhitespace)
                    .joined(separator: " ")
                let unquoted =
                    content.hasPrefix("`") && content.hasSuffix("`") && content.count > 2
                    ? String(content.dropFirst().dropLast()) : content
                let isTerm = allForms.contains(content) || allForms.contains(unquoted)
                if !isTerm, content.wholeMatch(of: #/.*[.?!:]["”’)]?/#) == nil {
                    problems.append(
                        LessonProblem(
                            document: document.path,
                            line: line(of: match.range.lowerBound, in: text),
                            message:
                                "**\(content)** is bold but is not a term of \(path); end a run-in "
                                + "heading with . ? ! or :, or add the term to the glossary"))
                }
                spans.append((match.range, isTerm))
            }
            for (index, term) in terms.enumerated() {
                var first: (position: String.Index, form: String, isBold: Bool)?
                for (form, regex) in patterns[index] {
                    for match in text.matches(of: regex)
                    where isWordStart(match.range, form, in: text) {
                        let span = spans.first { $0.range.contains(match.range.lowerBound) }
                        if let span, !span.isTerm { continue }  // inside a run-in heading
                        if first.map({ match.range.lowerBound < $0.position }) ?? true {
                            first = (match.range.lowerBound, form, span != nil)
                        }
                        break
                    }
                }
                guard let first else { continue }
                used.insert(index)
                if !first.isBold {
                    problems.append(
                        LessonProblem(
                            document: document.path, line: line(of: first.position, in: text),
                            message:
                                "the first use of “\(term.name)” (as “\(first.form)”) is not bold; "
                                + "a glossary term is set in bold where a document first uses it"))
                }
            }
        }
        for (index, term) in terms.enumerated() where !used.contains(index) {
            problems.append(
                LessonProblem(
                    document: path, line: term.line,
                    message:
                        "“\(term.name)” is used in no Korean lesson and not in the study guide; "
                        + "use it there or delete the row"))
        }
        return problems
    }

    /// The text a reader reads, with the same lines: code blocks, headings, HTML comments, link
    /// targets and code spans blanked, except code spans that are exactly a term.
    static func prose(_ text: String, codeTerms: Set<String>) -> String {
        var lines: [String] = []
        var isInFence = false
        var isInComment = false
        // Made once, not once a line: a regex literal is parsed and compiled where it is made.
        let codeSpan = #/`(?<code>[^`]*)`/#
        let linkTarget = #/\]\([^)]*\)/#
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var rest = Substring(rawLine)
            while !rest.isEmpty {
                if isInComment {
                    guard let end = rest.range(of: "-->") else {
                        rest = ""
                        break
                    }
                    rest = rest[end.upperBound...]
                    isInComment = false
                } else if let start = rest.range(of: "<!--") {
                    line += rest[..<start.lowerBound]
                    rest = rest[start.upperBound...]
                    isInComment = true
                } else {
                    line += rest
                    rest = ""
                }
            }
            if line.drop(while: { $0 == " " }).hasPrefix("```") {
                isInFence.toggle()
                lines.append("")
                continue
            }
            if isInFence || line.hasPrefix("#") {
                lines.append("")
                continue
            }
            line = line.replacing(codeSpan) { match in
                codeTerms.contains(String(match.output.code))
                    ? String(match.output.0)
                    : String(repeating: "\u{2063}", count: match.output.0.count)
            }
            lines.append(line.replacing(linkTarget, with: "]"))
        }
        return lines.joined(separator: "\n")
    }

    /// A form's words, any run of white space between them.
    private static func pattern(for form: String) -> Regex<Substring> {
        let words = form.split(separator: " ").map { word in
            word.map { character in
                "\\^$.|?*+()[]{}/-".contains(character) ? "\\\(character)" : String(character)
            }.joined()
        }
        // Every character is escaped or plain, so the pattern always compiles.
        return (try? Regex(words.joined(separator: "\\s+"), as: Substring.self)) ?? #/(?!)/#
    }

    /// Not inside a longer word: no letter or digit before it, and none after a form that
    /// ends in a Latin letter or digit.
    private static func isWordStart(_ range: Range<String.Index>, _ form: String, in text: String)
        -> Bool
    {
        func isWordCharacter(_ character: Character) -> Bool {
            character.isLetter || character.isNumber || character == "_"
        }
        if range.lowerBound > text.startIndex,
            isWordCharacter(text[text.index(before: range.lowerBound)])
        {
            return false
        }
        if let last = form.last, last.isASCII, last.isLetter || last.isNumber,
            range.upperBound < text.endIndex
        {
            let next = text[range.upperBound]
            if next.isASCII && isWordCharacter(next) { return false }
        }
        return true
    }

    private static func line(of position: String.Index, in text: String) -> Int {
        text[..<position].count { $0 == "\n" } + 1
    }
}
