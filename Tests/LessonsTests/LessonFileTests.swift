import Testing

@testable import Lessons

/// Issue #7: what is checked in under Lessons/ stays true to the sources.
@Suite struct LessonFileTests {
    /// Lessons/diffs is what `lessons write-diffs` writes today: none stale, none missing.
    @Test func checkedInDiffsAreCurrent() {
        let expected = DiffArchive.expectedFiles(in: packageRepository)
        let rewrite = "run `swift run lessons write-diffs` and commit Lessons/diffs"
        for (path, text) in expected {
            let checkedIn = packageRepository.text(at: path)
            #expect(checkedIn != nil, "\(path) is missing: \(rewrite)")
            #expect(checkedIn == nil || checkedIn == text, "\(path) is stale: \(rewrite)")
        }
        let extra = Set(DiffArchive.existingFiles(in: packageRepository))
            .subtracting(expected.map(\.path))
        #expect(
            extra.isEmpty,
            "\(extra.sorted()) compare steps that are no longer neighbours: \(rewrite)")
    }

    /// The study guides state the range of reading times the tool measures, in both editions.
    @Test func studyGuidesStateTheReadingTimesTheToolMeasures() throws {
        func range(_ folder: String) throws -> (Int, Int) {
            let minutes = packageRepository.lessonFiles().compactMap { lesson in
                packageRepository.text(at: folder + lesson.dropFirst("Lessons/".count))
            }.map(LessonText.readingMinutes(of:))
            return (try #require(minutes.min()), try #require(minutes.max()))
        }
        let english = try range("Lessons/")
        let guide = try #require(packageRepository.text(at: "Lessons/README.md"))
        #expect(
            guide.replacing("\n   ", with: " ").contains("\(english.0) to \(english.1) minutes"),
            "Lessons/README.md says how long the lessons take")
        let korean = try range("Lessons/ko/")
        let koreanGuide = try #require(packageRepository.text(at: "Lessons/ko/README.md"))
        #expect(
            koreanGuide.contains("\(korean.0)~\(korean.1)분"),
            "Lessons/ko/README.md says how long the Korean lessons take")
        #expect(
            koreanGuide.contains("\(english.0)~\(english.1)분"),
            "Lessons/ko/README.md says how long the English lessons take")
    }

    /// A lesson's main path, up to "Going further", is one sitting: about 15 minutes of prose
    /// in either edition. What does not fit goes under "Going further".
    @Test(arguments: ["Lessons/", "Lessons/ko/"])
    func everyLessonsMainPathReadsInAboutFifteenMinutes(folder: String) {
        for lesson in packageRepository.lessonFiles() {
            let path = folder + lesson.dropFirst("Lessons/".count)
            guard let text = packageRepository.text(at: path) else { continue }
            let minutes = LessonText.readingMinutes(of: text)
            #expect(
                minutes <= 15,
                "\(path) takes \(minutes) minutes before \"Going further\": move the parts for a second reading there"
            )
        }
    }

    /// Every lesson, in both editions, says when not to use its pattern, in a section of its
    /// own just before the exercises, so that a learner meets the limits before practising.
    @Test(arguments: [
        (folder: "Lessons/", section: "## When not to use it", next: "## Exercises"),
        (folder: "Lessons/ko/", section: "## 쓰지 말아야 할 때", next: "## 연습 문제"),
    ])
    func everyLessonSaysWhenNotToUseItsPattern(
        edition: (folder: String, section: String, next: String)
    ) throws {
        let lessons = packageRepository.lessonFiles()
        #expect(lessons.count >= 5)
        for lesson in lessons {
            let path = edition.folder + lesson.dropFirst("Lessons/".count)
            let text = try #require(packageRepository.text(at: path), "\(path) is missing")
            let headings = text.split(separator: "\n").filter { $0.hasPrefix("## ") }
            let index = try #require(
                headings.firstIndex { $0 == edition.section },
                "\(path) has no \"\(edition.section)\" section")
            #expect(
                headings.indices.contains(index + 1) && headings[index + 1] == edition.next,
                "\(path): \"\(edition.section)\" comes right before \"\(edition.next)\"")
            let body =
                text.split(separator: edition.section).last?
                .split(separator: edition.next).first ?? ""
            #expect(
                body.split(whereSeparator: \.isWhitespace).count >= 40,
                "\(path): the \"\(edition.section)\" section says something")
        }
    }

    /// #27: every exercise either has a check (`lessons check N.M`, with tests under
    /// `Lessons/exercises/N.M`) or ends with its answer, folded as the quiz's answers are.
    @Test(
        "every exercise has a check or a folded answer",
        arguments: [
            (folder: "Lessons/", section: "## Exercises", answer: "<summary>Answer</summary>"),
            (folder: "Lessons/ko/", section: "## 연습 문제", answer: "<summary>답</summary>"),
        ])
    func everyExerciseHasACheckOrAFoldedAnswer(
        edition: (folder: String, section: String, answer: String)
    ) throws {
        let checked = Set(Exercise.all(in: packageRepository).map(\.id))
        for lesson in packageRepository.lessonFiles() {
            let path = edition.folder + lesson.dropFirst("Lessons/".count)
            let text = try #require(packageRepository.text(at: path), "\(path) is missing")
            let number = try #require(Int(lesson.dropFirst("Lessons/".count).prefix(2)))
            let section =
                try #require(
                    text.split(separator: "\n" + edition.section + "\n").dropFirst().first,
                    "\(path) has no \"\(edition.section)\" section"
                ).split(separator: "\n## ").first ?? ""
            let items = section.split(separator: "\n").reduce(into: [String]()) { items, line in
                if line.firstMatch(of: #/^\d+\. /#) != nil {
                    items.append(String(line))
                } else if !items.isEmpty {
                    items[items.count - 1] += "\n" + line
                }
            }
            #expect(items.count >= 2, "\(path) has exercises")
            for (index, item) in items.enumerated() {
                let id = "\(number).\(index + 1)"
                if item.contains("lessons check \(id)") {
                    #expect(checked.contains(id), "\(path): exercise \(id)'s check has no tests")
                    continue
                }
                let answer = item.split(separator: edition.answer).dropFirst().first?
                    .split(separator: "</details>").first
                #expect(
                    (answer?.split(whereSeparator: \.isWhitespace).count ?? 0) >= 20,
                    "\(path): exercise \(id) has neither a check nor a folded answer")
            }
        }
    }

    /// Each edition's study guide shows the path table exactly as `swift run lessons` prints
    /// it today: the Korean one copies it too, and a copy goes stale as the lessons change.
    @Test(arguments: ["Lessons/README.md", "Lessons/ko/README.md"])
    func studyGuideShowsTheCurrentPathTable(path: String) throws {
        let guide = try #require(packageRepository.text(at: path))
        let table = runLessons().output.split(separator: "\n").filter { $0.hasPrefix("|") }
        #expect(table.count >= 3)
        for row in table {
            #expect(
                guide.contains(row),
                "\(path) lacks \"\(row)\": paste the table of `swift run lessons`")
        }
    }

    /// Every `Sources/…swift:12`, `:12-30` or `(../Sources/…swift#L12-L30)` in a lesson names an
    /// existing file and lines it has, in every Markdown file under Lessons/ (translations too).
    @Test func lessonCitationsPointAtRealLines() async throws {
        let problems = try await offThePool {
            packageRepository.lessonDocuments().flatMap { lesson in
                LessonText.citations(in: packageRepository.text(at: lesson) ?? "").compactMap {
                    citation in
                    citation.problem(in: packageRepository).map {
                        "\(lesson):\(citation.lessonLine): \($0)"
                    }
                }
            }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    /// Every step folder has its lesson — on as soon as the first lesson is written.
    @Test(.disabled(if: packageRepository.lessonFiles().isEmpty, "no lessons written yet"))
    func everyStepHasALesson() {
        for step in packageRepository.steps() {
            #expect(
                packageRepository.lessonFile(for: step) != nil,
                "Sources/\(step.folder) has no Lessons/\(step.paddedNumber)-*.md")
        }
    }

    @Test func citationsAreFoundInEveryForm() {
        let markdown = """
            See Sources/01-MVC/App.swift:12 and `Sources/02-MVVM/App.swift:3-9`.
            The [controller](../Sources/01-MVC/TrendingViewController.swift#L20-L40) and
            [the file](../Sources/TMDB/TMDBClient.swift), [one line](./../Sources/01-MVC/App.swift#L5).
            Not a citation: Sources/01-MVC/ or App.swift:3.
            """
        #expect(
            LessonText.citations(in: markdown).map(\.description) == [
                "Sources/01-MVC/App.swift:12", "Sources/02-MVVM/App.swift:3-9",
                "Sources/01-MVC/TrendingViewController.swift:20-40",
                "Sources/TMDB/TMDBClient.swift", "Sources/01-MVC/App.swift:5",
            ])
        #expect(LessonText.citations(in: markdown).map(\.lessonLine) == [1, 1, 2, 3, 3])
    }

    @Test func wrongCitationsAreReported() throws {
        try withTemporaryRepository(["Sources/01-MVC/App.swift": "1\n2\n3\n"]) { repository in
            let problems = LessonText.citations(
                in: """
                    Sources/01-MVC/App.swift:1-3 Sources/01-MVC/App.swift:3
                    Sources/01-MVC/App.swift:2-4 Sources/01-MVC/Gone.swift:1
                    Sources/01-MVC/App.swift:3-2 Sources/01-MVC/App.swift:0
                    """
            ).map { $0.problem(in: repository) }
            #expect(
                problems == [
                    nil, nil,
                    "Sources/01-MVC/App.swift:2-4 is past the end of Sources/01-MVC/App.swift (3 lines)",
                    "Sources/01-MVC/Gone.swift does not exist",
                    "Sources/01-MVC/App.swift:3-2 is not a range of lines",
                    "Sources/01-MVC/App.swift:0 is not a range of lines",
                ])
        }
    }

    /// The lesson-per-step rule, on a throwaway repository that has one lesson of two.
    @Test func aMissingLessonIsNoticedOnceLessonsExist() throws {
        try withTemporaryRepository([
            "Sources/01-MVC/A.swift": "", "Sources/02-MVVM/A.swift": "",
            "Lessons/01-MVC.md": "# MVC\n", "Lessons/README.md": "# The path\n",
        ]) { repository in
            #expect(repository.lessonFiles() == ["Lessons/01-MVC.md"])
            let missing = repository.steps().filter { repository.lessonFile(for: $0) == nil }
            #expect(missing.map(\.folder) == ["02-MVVM"])
        }
    }
}
