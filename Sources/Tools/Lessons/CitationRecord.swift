/// What each line citation of the lessons pointed at when it was written: a fingerprint of the
/// cited lines, kept in `Lessons/citations.txt`. A citation whose file still has those lines
/// but whose code moved or changed is still "a line that exists"; against its record it fails,
/// and says where the code it meant went.
struct CitationRecord: Sendable, Equatable {
    static let path = "Lessons/citations.txt"

    /// Fingerprint by citation, `Sources/…swift:12-30`.
    var fingerprints: [String: String]

    static let header = """
        # What each line citation in Lessons/ showed when its lesson was written: a fingerprint
        # (SHA-256 of the cited lines, without their indentation) after the citation. `swift run
        # lessons lint` and LessonsTests fail when the code at a citation changes, and say where
        # the code went. `swift run lessons write-citations` records new citations and drops
        # unused ones; it never rewrites a fingerprint: when the code at a citation changed and
        # every lesson citing it is still true, delete its line here and run it again.

        """

    /// The record in `repository`, empty when it has none.
    init(in repository: Repository) {
        self.init(parsing: repository.text(at: Self.path) ?? "")
    }

    init(parsing text: String) {
        var fingerprints: [String: String] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count == 2 else { continue }
            fingerprints[String(fields[0])] = String(fields[1])
        }
        self.fingerprints = fingerprints
    }

    init(fingerprints: [String: String]) {
        self.fingerprints = fingerprints
    }

    var text: String {
        Self.header
            + fingerprints.keys.sorted().map { "\($0) \(fingerprints[$0] ?? "")\n" }.joined()
    }

    /// The cited lines' fingerprint, nil when the citation names no lines or lines the file
    /// lacks (the citation check reports those).
    static func fingerprint(of citation: Citation, in repository: Repository) -> String? {
        guard let first = citation.firstLine, citation.problem(in: repository) == nil,
            let text = repository.text(at: citation.path)
        else { return nil }
        let lines = TextLines(text).lines
        return fingerprint(of: lines[(first - 1)..<(citation.lastLine ?? first)])
    }

    private static func fingerprint(of lines: ArraySlice<String>) -> String {
        String(
            SHA256.hexDigest(of: lines.map { $0.trimmingWhitespace() }.joined(separator: "\n"))
                .prefix(16))
    }

    /// Why `citation` no longer shows what it was written against, or nil when it does, or
    /// when it names no lines.
    func problem(with citation: Citation, in repository: Repository) -> String? {
        guard let current = Self.fingerprint(of: citation, in: repository) else { return nil }
        guard let recorded = fingerprints[citation.description] else {
            return "\(citation) is not in \(Self.path): read it once more, then run "
                + "`swift run lessons write-citations`"
        }
        guard recorded != current else { return nil }
        let moved = Self.lines(withFingerprint: recorded, like: citation, in: repository).map {
            "the lines it showed are now at \($0); fix the citation"
        }
        return "\(citation) no longer shows the code the lesson was written against; "
            + (moved
                ?? "that code changed: when the lesson is still true, delete its line in "
                + "\(Self.path) and run `swift run lessons write-citations`")
    }

    /// Where in the cited file lines of the same count have `fingerprint`: `55-57`. Code that
    /// moved usually moved a little, and a short citation (`render()`) can match in several
    /// places, so the match nearest the cited lines is the one named.
    private static func lines(
        withFingerprint fingerprint: String, like citation: Citation, in repository: Repository
    ) -> String? {
        guard let first = citation.firstLine, let text = repository.text(at: citation.path)
        else { return nil }
        let count = (citation.lastLine ?? first) - first + 1
        let lines = TextLines(text).lines
        guard count > 0, count <= lines.count else { return nil }
        let matches = (0...(lines.count - count)).filter {
            Self.fingerprint(of: lines[$0..<($0 + count)]) == fingerprint
        }
        guard let start = matches.min(by: { abs($0 + 1 - first) < abs($1 + 1 - first) })
        else { return nil }
        return count == 1 ? "\(start + 1)" : "\(start + 1)-\(start + count)"
    }

    /// The record for every line citation in `documents`: kept where it was, new where it was
    /// missing, dropped where nothing cites it any more. `changed`: recorded citations whose
    /// code is no longer what was recorded, kept as they were.
    static func updated(
        _ record: CitationRecord, citations: [Citation], in repository: Repository
    ) -> (record: CitationRecord, changed: [String]) {
        var fingerprints: [String: String] = [:]
        var changed: Set<String> = []
        for citation in citations {
            guard let current = fingerprint(of: citation, in: repository) else { continue }
            let key = citation.description
            if let recorded = record.fingerprints[key] {
                fingerprints[key] = recorded
                if recorded != current { changed.insert(key) }
            } else {
                fingerprints[key] = current
            }
        }
        return (CitationRecord(fingerprints: fingerprints), changed.sorted())
    }
}
