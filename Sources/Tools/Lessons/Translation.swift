/// A translation of a lesson, `Lessons/ko/01-MVC.md`, and the English text it was made from.
///
/// Its header records a hash of that text, `<!-- source: 01-MVC.md sha256:… -->`, so that a
/// change to the English lesson shows up as a stale translation until someone carries it over.
enum Translation {
    /// `Lessons/ko`: a folder right under Lessons/ named by a language code.
    static func folders(in repository: Repository) -> [String] {
        let documents = repository.lessonDocuments()
        let folders = documents.compactMap { path -> String? in
            let components = path.split(separator: "/")
            guard components.count == 3, components[1].wholeMatch(of: #/[a-z]{2,3}/#) != nil
            else { return nil }
            return components.prefix(2).joined(separator: "/")
        }
        return Array(Set(folders)).sorted()
    }

    /// The hash a translation records: SHA-256 of the English text with the numbers of its
    /// count markers left out, since `write-counts` keeps those true in both languages.
    static func sourceHash(of english: String) -> String {
        SHA256.hexDigest(of: CountMarker.filling(english) { _ in "" })
    }

    /// The header line for a translation of `Lessons/NAME`.
    static func header(for name: String, english: String) -> String {
        "<!-- source: \(name) sha256:\(sourceHash(of: english)) -->"
    }

    /// The recorded source and hash in a translation, with its line, if it has a header.
    static func recordedSource(in text: String) -> (name: String, hash: String, line: Int)? {
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
            .enumerated()
        {
            if let match = line.firstMatch(
                of: #/<!--\s*source:\s*(?<name>\S+)\s+sha256:(?<hash>[0-9A-Fa-f]+)\s*-->/#)
            {
                return (String(match.output.name), String(match.output.hash), index + 1)
            }
        }
        return nil
    }

    /// Whether the translation at `path` (`Lessons/ko/01-MVC.md`) is made from today's English
    /// twin (`Lessons/01-MVC.md`); nil when it is, or when there is no such twin.
    static func problem(
        translation text: String, at path: String, repository: Repository
    ) -> LessonProblem? {
        let name = String(path.split(separator: "/").last ?? "")
        guard let english = repository.text(at: "Lessons/" + name) else {
            return nil
        }
        let expected = header(for: name, english: english)
        guard let recorded = recordedSource(in: text) else {
            return LessonProblem(
                document: path, line: 1,
                message: "translates Lessons/\(name) but has no header naming its source; "
                    + "start it with \(expected) (`swift run lessons hash \(name)`)")
        }
        if recorded.name != name {
            return LessonProblem(
                document: path, line: recorded.line,
                message: "records \(recorded.name) as its source, but it translates \(name)")
        }
        if recorded.hash.lowercased() != sourceHash(of: english) {
            return LessonProblem(
                document: path, line: recorded.line,
                message: "is stale: Lessons/\(name) changed since it was translated; carry the "
                    + "change over, then record \(expected) (`git log -p Lessons/\(name)` shows "
                    + "what changed)")
        }
        return nil
    }
}
