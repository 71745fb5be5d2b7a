/// What a lesson may point a learner at: files of this repository, and web pages.
extension LessonChecks {
    /// Where documents may live, besides the repository's root files.
    private static let documentFolders = ["Lessons", "Sources", "Tests", ".ci/darwin-shapes"]

    /// Every place `markdown` (the text of `document`) names something the learner cannot open:
    /// the word "seed", which named notes that are not in the repository; a link that leads
    /// outside the repository or to nothing; a path on someone's machine (`/work/…`, `~/…`);
    /// a document (`.md`, `.diff`, `.patch`) named in prose that the repository does not hold.
    static func referenceProblems(
        in markdown: String, document: String, repository: Repository
    ) -> [LessonProblem] {
        // Not after a word, a dot, a bracket or a slash, since Swift regexes cannot look behind.
        let outsidePath =
            #/(?:^|[^\w.)\]/])(?<path>(?:file://|~/|/(?:work|Users|home|tmp|private|var|opt|root|mnt|srv|Volumes)/)[^\s`)"'>]*)/#
        let documentName =
            #/(?:^|[^\w./-])(?<name>(?:\.{1,2}/)*[\w-][\w./+-]*\.(?:md|diff|patch))(?!\w)/#
        // Made once, not once a line: a regex literal is parsed and compiled where it is made.
        let seed = #/(?i)\w*seed\w*/#
        let linkTarget = #/\]\([^)]*\)/#
        let webAddress = #/https?://\S+/#
        let links = LinkPatterns()
        let folder = document.split(separator: "/").dropLast().joined(separator: "/")
        let documentNames = knownDocuments(in: repository)
        var problems: [LessonProblem] = []
        var fence: Character?
        for (index, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false)
            .enumerated()
        {
            let number = index + 1
            let report = { (message: String) in
                problems.append(LessonProblem(document: document, line: number, message: message))
            }
            for match in line.matches(of: seed) {
                report(
                    "says \"\(match.output)\", which a learner cannot look up in the repository; "
                        + "say what they can open or run instead")
            }
            // Link targets are checked as links, below.
            let withoutLinks = line.replacing(linkTarget, with: "]")
            for match in withoutLinks.matches(of: outsidePath) {
                var path = String(match.output.path)
                while let last = path.last, ".,;:".contains(last) { path.removeLast() }
                report("names \(path), a path outside the repository")
            }
            for target in links.targets(in: String(line)) {
                if let problem = linkProblem(target, from: folder, repository: repository) {
                    report(problem)
                }
            }
            let trimmed = line.trimmingWhitespace()
            if let mark = trimmed.first, mark == "`" || mark == "~",
                trimmed.prefix(3).allSatisfy({ $0 == mark })
            {
                fence = fence == nil ? mark : (fence == mark ? nil : fence)
                continue
            }
            guard fence == nil else { continue }
            let prose = withoutLinks.replacing(webAddress, with: "")
            for match in prose.matches(of: documentName) {
                let name = String(match.output.name)
                if !isKnownDocument(
                    name, from: folder, names: documentNames, repository: repository)
                {
                    report("names \(name), which the repository does not have")
                }
            }
        }
        return problems
    }

    /// The link patterns, made once for a whole document.
    private struct LinkPatterns {
        let inline = #/\]\(\s*<?(?<target>[^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/#
        let reference = #/\s{0,3}\[[^\]]+\]:\s*<?(?<target>\S+?)>?(?:\s+.*)?/#

        /// `(target)` of every `[text](target)` and `![alt](target)`, and of `[label]: target`.
        func targets(in line: String) -> [String] {
            let inlineTargets = line.matches(of: inline).map { String($0.output.target) }
            let referenceTarget =
                line.wholeMatch(of: reference).map { [String($0.output.target)] } ?? []
            return inlineTargets + referenceTarget
        }
    }

    /// Why a link cannot be followed from `folder`, or nil for a web page, an anchor or an
    /// existing repository file or folder.
    private static func linkProblem(
        _ target: String, from folder: String, repository: Repository
    ) -> String? {
        if target.isEmpty || target.hasPrefix("#") { return nil }
        if target.contains(#/^[A-Za-z][A-Za-z0-9+.-]*:/#) {
            return target.lowercased().hasPrefix("file:")
                ? "links to \(target), a path outside the repository" : nil
        }
        let path = String(target.prefix { $0 != "#" && $0 != "?" })
        guard !path.hasPrefix("/"), !path.hasPrefix("~") else {
            return "links to \(target), a path outside the repository"
        }
        guard let resolved = resolve(path, from: folder) else {
            return "links to \(target), which leads outside the repository"
        }
        return repository.exists(resolved) ? nil : "links to \(target), which does not exist"
    }

    /// `folder/path` with `.` and `..` worked out; nil when it climbs above the root.
    static func resolve(_ path: String, from folder: String) -> String? {
        var components = folder.split(separator: "/").map(String.init)
        for component in path.split(separator: "/") {
            switch component {
            case ".": continue
            case "..":
                guard !components.isEmpty else { return nil }
                components.removeLast()
            default: components.append(String(component))
            }
        }
        return components.joined(separator: "/")
    }

    /// Repository-relative paths of every document a lesson could name.
    private static func knownDocuments(in repository: Repository) -> Set<String> {
        var paths = Set(
            documentFolders.flatMap { folder in
                repository.files(under: folder).map { folder + "/" + $0 }
            })
        for name in ["README.md", "Package.swift"] where repository.fileExists(name) {
            paths.insert(name)
        }
        return paths
    }

    /// A name resolves from the lesson's folder or the root, or is the end of a known path:
    /// `README.md`, `TerminalUI/README.md`.
    private static func isKnownDocument(
        _ name: String, from folder: String, names: Set<String>, repository: Repository
    ) -> Bool {
        if let path = resolve(name, from: folder), repository.exists(path) { return true }
        if repository.exists(name) { return true }
        return names.contains { $0 == name || $0.hasSuffix("/" + name) }
    }
}
