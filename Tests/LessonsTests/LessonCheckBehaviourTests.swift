import Testing

@testable import Lessons

/// Issue #16: each check of the lessons' text, fed good and bad text, so that it is shown to
/// pass on the one and fail on the other.
@Suite struct LessonCheckBehaviourTests {
    private static let app = """
        struct App {
            func run() {
                start()
                loop()
            }

            func stop() {}
        }

        """

    private func snippetProblems(_ markdown: String) throws -> [String] {
        try withTemporaryRepository(["Sources/01-MVC/App.swift": Self.app]) { repository in
            LessonChecks.snippetProblems(
                in: markdown, document: "Lessons/01-MVC.md", repository: repository
            ).map(\.description)
        }
    }

    // MARK: Snippets

    @Test(
        "a snippet passes when it shows its cited lines, whatever their indentation",
        arguments: [
            "Running (`Sources/01-MVC/App.swift:2-5`):\n\n```swift\nfunc run() {\n    start()\n"
                + "    loop()\n}\n```\n",
            "The type (`Sources/01-MVC/App.swift:1-8`):\n```swift\nstruct App {\n    …\n"
                + "    func stop() {}\n}\n```\n",
            "Its end (`Sources/01-MVC/App.swift:1-8`):\n```\n// …\nfunc stop() {}\n}\n```\n",
            "Its start (`Sources/01-MVC/App.swift:1-8`):\n```swift\nstruct App {\n…\n```\n",
            "Two places (`Sources/01-MVC/App.swift:1`,\n`Sources/01-MVC/App.swift:7-8`):\n\n"
                + "```swift\nstruct App {\n    …\n    func stop() {}\n}\n```\n",
            "```swift\n// Sources/01-MVC/App.swift:7\nfunc stop() {}\n```\n",
            "- A list item (`Sources/01-MVC/App.swift:2-3`):\n\n  ```swift\n  func run() {\n"
                + "      start()\n  ```\n",
        ])
    func snippetAtItsCitationPasses(markdown: String) throws {
        #expect(try snippetProblems(markdown) == [])
    }

    @Test(
        "only a Swift block introduced by a citation and a colon, or carrying one, is checked",
        arguments: [
            "The shape (`Sources/01-MVC/App.swift:2-5`):\n\n```mermaid\nflowchart LR\n```\n",
            "See `Sources/01-MVC/App.swift:2-5`.\n\n```swift\nanything()\n```\n",
            "Past the end (`Sources/01-MVC/App.swift:7-30`):\n\n```swift\nanything()\n```\n",
            "```swift\nlet x = 1  // Sources/01-MVC/App.swift:7 is not a first-line citation\n```\n",
        ])
    func uncitedBlocksAreLeftAlone(markdown: String) throws {
        #expect(try snippetProblems(markdown) == [])
    }

    @Test func aChangedLineIsReportedAtItsLessonLine() throws {
        let problems = try snippetProblems(
            "Running (`Sources/01-MVC/App.swift:2-5`):\n\n```swift\nfunc run() {\n    begin()\n"
                + "    loop()\n}\n```\n")
        #expect(
            problems == [
                "Lessons/01-MVC.md:5: the snippet cited as Sources/01-MVC/App.swift:2-5 has "
                    + "`begin()`, which is not there (Sources/01-MVC/App.swift:3 is `start()`); "
                    + "fix the citation or the snippet, or mark left-out lines with …"
            ])
    }

    @Test func aCitationOffByALineSaysWhereTheCodeIs() throws {
        let problems = try snippetProblems(
            "Running (`Sources/01-MVC/App.swift:3-6`):\n\n```swift\nfunc run() {\n    start()\n"
                + "    loop()\n}\n```\n")
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix("Lessons/01-MVC.md:4: ") == true)
        #expect(problems.first?.contains("Sources/01-MVC/App.swift has it at 2") == true)
    }

    @Test func aCitationWiderThanItsSnippetIsReported() throws {
        let problems = try snippetProblems(
            "Running (`Sources/01-MVC/App.swift:2-8`):\n\n```swift\nfunc run() {\n    start()\n"
                + "    loop()\n}\n```\n")
        #expect(
            problems == [
                "Lessons/01-MVC.md:3: the snippet cited as Sources/01-MVC/App.swift:2-8 stops at "
                    + "Sources/01-MVC/App.swift:5; cite only the lines it shows, or end it with a … line"
            ])
    }

    @Test func aSnippetLongerThanItsCitationIsReported() throws {
        let problems = try snippetProblems(
            "```swift\n// Sources/01-MVC/App.swift:7\nfunc stop() {}\n}\n```\n")
        #expect(problems.count == 1)
        #expect(problems.first?.contains("the cited lines end before it") == true)
    }

    @Test func linesInTheWrongOrderFailEvenWithAnElision() throws {
        let problems = try snippetProblems(
            "The type (`Sources/01-MVC/App.swift:1-8`):\n```swift\nstruct App {\n…\n"
                + "func stop() {}\n…\nfunc run() {\n…\n```\n")
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix("Lessons/01-MVC.md:7: ") == true)
    }

    // MARK: References

    private func referenceProblems(_ markdown: String, document: String = "Lessons/01-MVC.md")
        throws -> [String]
    {
        try withTemporaryRepository([
            "Sources/01-MVC/App.swift": Self.app, "Lessons/README.md": "# The path\n",
            "Sources/TerminalUI/README.md": "# Kit\n",
        ]) { repository in
            LessonChecks.referenceProblems(in: markdown, document: document, repository: repository)
                .map(\.description)
        }
    }

    @Test func whatALearnerCanOpenPasses() throws {
        let markdown = """
            Back to [the path](README.md), the [kit](../Sources/TerminalUI/README.md) and
            `TerminalUI/README.md`, [a site](https://example.com/notes.md), [a hunk](#hunks),
            [the app](../Sources/01-MVC/App.swift#L2-L5), and the folder [Sources](../Sources).

            ```diff
            --- a/Notes.md
            ```
            """
        #expect(try referenceProblems(markdown) == [])
    }

    @Test func seedsAndOutsidePathsAndDeadLinksAreEachReported() throws {
        let markdown = """
            Per the Seed 000 notes, two seeds.
            See /work/notes/PLAN.md or ~/notes.txt.
            The [plan](../../notes/PLAN.md), [next](02-MVVM.md), [mine](/Users/me/a.md).
            Read PLAN.md first.
            ```sh
            cat /tmp/seed.log
            ```
            """
        let problems = try referenceProblems(markdown)
        #expect(
            problems == [
                "Lessons/01-MVC.md:1: says \"Seed\", which a learner cannot look up in the "
                    + "repository; say what they can open or run instead",
                "Lessons/01-MVC.md:1: says \"seeds\", which a learner cannot look up in the "
                    + "repository; say what they can open or run instead",
                "Lessons/01-MVC.md:2: names /work/notes/PLAN.md, a path outside the repository",
                "Lessons/01-MVC.md:2: names ~/notes.txt, a path outside the repository",
                "Lessons/01-MVC.md:3: links to ../../notes/PLAN.md, which leads outside the "
                    + "repository",
                "Lessons/01-MVC.md:3: links to 02-MVVM.md, which does not exist",
                "Lessons/01-MVC.md:3: links to /Users/me/a.md, a path outside the repository",
                "Lessons/01-MVC.md:4: names PLAN.md, which the repository does not have",
                "Lessons/01-MVC.md:6: says \"seed\", which a learner cannot look up in the "
                    + "repository; say what they can open or run instead",
                "Lessons/01-MVC.md:6: names /tmp/seed.log, a path outside the repository",
            ])
    }

    @Test func aTranslationsLinksResolveFromItsOwnFolder() throws {
        let problems = try referenceProblems(
            "[길잡이](../README.md), [없음](README.md)", document: "Lessons/ko/01-MVC.md")
        #expect(problems == ["Lessons/ko/01-MVC.md:1: links to README.md, which does not exist"])
    }

    // MARK: Counts

    private static let twoSteps = [
        "Sources/01-MVC/App.swift": app, "Sources/01-MVC/README.md": "# MVC\n",
        "Sources/02-MVVM/App.swift": app.replacing("loop()", with: "render()\n        draw()"),
        "Sources/02-MVVM/README.md": "# MVVM\n",
        "Tests/MVCTests/AppTests.swift":
            "@Test func a() {}\n@Test(arguments: [1]) func b(x: Int) {}\n",
    ]

    @Test(
        "every kind of count is what the code has",
        arguments: [
            ("lines: Sources/01-MVC/App.swift", "8"), ("lines: Sources/01-MVC", "8"),
            ("lines: Sources/01-MVC/README.md", "1"), ("files: Sources/01-MVC", "2"),
            ("tests: Tests/MVCTests", "2"), ("tests: Tests/MVCTests/AppTests.swift", "2"),
            ("matching: Sources/01-MVC/App.swift ^\\s+func ", "2"),
            ("matching: Sources/02-MVVM \\(\\)$", "3"),
            ("added: 2", "2"), ("removed: 2", "1"), ("changed: 2", "1"),
        ])
    func countsAreCounted(marker: String, count: String) throws {
        let kind = String(marker.prefix { $0 != ":" })
        let markdown = "It has <!-- \(marker) -->\(count)<!-- /\(kind) --> of them."
        try withTemporaryRepository(Self.twoSteps) { repository in
            let markers = CountMarker.markers(in: markdown)
            #expect(markers.count == 1)
            #expect(markers.first?.value == count)
            #expect(
                LessonChecks.countProblems(in: markdown, document: "L.md", repository: repository)
                    == [])
            let wrong = markdown.replacing("-->\(count)<", with: "-->99<")
            #expect(
                LessonChecks.countProblems(in: wrong, document: "L.md", repository: repository)
                    .map(\.message) == [
                        "says 99 for `\(marker.trimmingWhitespace())`, the code has \(count): "
                            + "run `swift run lessons write-counts`"
                    ])
        }
    }

    @Test func countsThatCannotBeMadeAreReported() throws {
        let markdown = """
            <!-- nope: x -->1<!-- /nope --> <!-- lines: Sources/Gone.swift -->1<!-- /lines -->
            <!-- lines: ../etc -->1<!-- /lines --> <!-- added: 1 -->0<!-- /added -->
            <!-- added: 7 --><!-- /added --> <!-- matching: Sources/01-MVC ( --><!-- /matching -->
            """
        let messages = try withTemporaryRepository(Self.twoSteps) { repository in
            LessonChecks.countProblems(in: markdown, document: "L.md", repository: repository)
                .map(\.description)
        }
        #expect(
            messages == [
                "L.md:1: cannot count `nope: x`: there is no count `nope`; the counts are lines, "
                    + "files, tests, matching, added, removed, changed",
                "L.md:1: cannot count `lines: Sources/Gone.swift`: Sources/Gone.swift does not exist",
                "L.md:2: cannot count `lines: ../etc`: `../etc` is not a path inside the repository",
                "L.md:2: cannot count `added: 1`: step 1 is the first, it has no diff",
                "L.md:3: cannot count `added: 7`: there is no step 7",
                "L.md:3: cannot count `matching: Sources/01-MVC (`: `(` is not a regular expression",
            ])
    }

    @Test func fillingReplacesOnlyTheNumbers() {
        let markdown = "A <!-- lines: a -->1<!-- /lines --> b <!-- files: c --><!-- /files -->.\nC"
        #expect(
            CountMarker.filling(markdown) { $0.kind == "lines" ? "208" : "3" }
                == "A <!-- lines: a -->208<!-- /lines --> b <!-- files: c -->3<!-- /files -->.\nC")
        #expect(CountMarker.markers(in: "<!-- lines: a -->1<!-- /files -->").isEmpty)
    }

    @Test func writeCountsFillsInTheLessonsAndLintThenPasses() throws {
        var files = Self.twoSteps
        files["Lessons/01-MVC.md"] =
            "# MVC\n\nIt is <!-- lines: Sources/01-MVC/App.swift -->7<!-- /lines --> lines.\n"
        files["Lessons/ko/01-MVC.md"] =
            "# MVC\n\n<!-- lines: Sources/01-MVC/App.swift --><!-- /lines -->줄\n"
        try withTemporaryRepository(files) { repository in
            let lint = runLessons("lint", in: repository)
            #expect(lint.status == 1)
            #expect(lint.output.contains("Lessons/01-MVC.md:3: says 7 for"))
            #expect(lint.output.contains("Lessons/ko/01-MVC.md:3: says no number for"))

            let write = runLessons("write-counts", in: repository)
            #expect(write.status == 0)
            #expect(
                write.output
                    == "Lessons/01-MVC.md: 1 counts, written\nLessons/ko/01-MVC.md: 1 counts, written\n"
            )
            #expect(repository.text(at: "Lessons/01-MVC.md")?.contains("-->8<!--") == true)
            #expect(runLessons("write-counts", in: repository).output.contains("up to date"))
            // Only the translation's missing header is left.
            let after = runLessons("lint", in: repository)
            #expect(after.output.split(separator: "\n").count == 1)
            #expect(after.output.hasPrefix("Lessons/ko/01-MVC.md:1: translates Lessons/01-MVC.md"))
        }
    }

    @Test func writeCountsKeepsAndReportsWhatItCannotCount() throws {
        var files = Self.twoSteps
        files["Lessons/01-MVC.md"] = "<!-- lines: Sources/Gone.swift -->5<!-- /lines -->\n"
        try withTemporaryRepository(files) { repository in
            let result = runLessons("write-counts", in: repository)
            #expect(result.status == 1)
            #expect(
                result.errorOutput
                    == "lessons: Lessons/01-MVC.md:1: Sources/Gone.swift does not exist\n")
            #expect(repository.text(at: "Lessons/01-MVC.md") == files["Lessons/01-MVC.md"])
        }
    }

    @Test func countsOutsideMarkersAreReported() {
        let markdown = """
            It is 194 lines, with six loops and a dozen computed properties; 4 files changed.
            It is <!-- lines: x -->194<!-- /lines --> lines, with a one-line comment, one line.
            1,000 random keys, every 97 keys, under ten minutes.
            ```swift
            let text = "194 lines"
            ```
            """
        #expect(
            LessonChecks.uncheckedCountProblems(in: markdown, document: "L.md").map(\.line) == [
                1, 1, 1, 1,
            ])
        #expect(
            LessonChecks.uncheckedCountProblems(in: markdown, document: "L.md").first?.message
                == "states \"194 lines\" without a count marker; write it as "
                + "<!-- KIND: … -->N<!-- /KIND --> (see Lessons/README.md) so the tests keep it "
                + "true, or leave the number out")
    }

    // MARK: Translations

    private static let english =
        "# MVC\n\nIt is <!-- lines: Sources/01-MVC/App.swift -->8<!-- /lines --> lines.\n"

    private func translationProblem(_ korean: String, english: String = english) throws -> String? {
        try withTemporaryRepository([
            "Sources/01-MVC/App.swift": Self.app, "Lessons/01-MVC.md": english,
        ]) { repository in
            Translation.problem(
                translation: korean, at: "Lessons/ko/01-MVC.md", repository: repository)?
                .description
        }
    }

    @Test func sha256MatchesTheStandardsVectors() {
        #expect(
            SHA256.hexDigest(of: "")
                == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            SHA256.hexDigest(of: "abc")
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            SHA256.hexDigest(of: "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test func aTranslationOfTodaysEnglishPasses() throws {
        let header = Translation.header(for: "01-MVC.md", english: Self.english)
        #expect(try translationProblem(header + "\n# MVC\n") == nil)
        // Counts are kept by write-counts in both languages, so they do not make it stale.
        #expect(
            try translationProblem(
                header + "\n", english: Self.english.replacing("-->8<", with: "-->9<")) == nil)
    }

    @Test func aChangedEnglishLessonMakesItsTranslationStale() throws {
        let header = Translation.header(for: "01-MVC.md", english: Self.english)
        let problem = try translationProblem(
            header + "\n", english: Self.english + "\nA new paragraph.\n")
        #expect(
            problem?.hasPrefix("Lessons/ko/01-MVC.md:1: is stale: Lessons/01-MVC.md changed")
                == true)
    }

    @Test func aTranslationWithoutItsSourceOrOfAnotherLessonFails() throws {
        #expect(
            try translationProblem("# MVC\n")?.hasPrefix(
                "Lessons/ko/01-MVC.md:1: translates Lessons/01-MVC.md but has no header") == true)
        let other = "# MVC\n" + Translation.header(for: "02-MVVM.md", english: Self.english)
        #expect(
            try translationProblem(other)
                == "Lessons/ko/01-MVC.md:2: records 02-MVVM.md as its source, but it translates 01-MVC.md"
        )
    }

    @Test func aTranslationWithoutAnEnglishTwinIsNotChecked() throws {
        try withTemporaryRepository(["Lessons/README.md": "# The path\n"]) { repository in
            #expect(
                Translation.problem(
                    translation: "# 용어\n", at: "Lessons/ko/glossary.md", repository: repository)
                    == nil)
            #expect(Translation.folders(in: repository).isEmpty)
        }
    }

    @Test func hashPrintsTheHeaderToRecord() throws {
        try withTemporaryRepository([
            "Sources/01-MVC/App.swift": Self.app, "Lessons/01-MVC.md": Self.english,
            "Lessons/README.md": "# The path\n", "Lessons/ko/README.md": "# 길\n",
        ]) { repository in
            let header = Translation.header(for: "01-MVC.md", english: Self.english)
            for name in ["1", "mvc", "01-MVC.md"] {
                #expect(runLessons("hash", name, in: repository).output == header + "\n")
            }
            #expect(
                runLessons("hash", "README", in: repository).output
                    == Translation.header(for: "README.md", english: "# The path\n") + "\n")
            let missing = runLessons("hash", "9", in: repository)
            #expect(missing.status == 2)
            #expect(
                missing.errorOutput.hasPrefix(
                    "lessons: no lesson '9'; name a step (1 mvc) or README\n"))
            #expect(Translation.folders(in: repository) == ["Lessons/ko"])
        }
    }
}
