import Testing

@testable import Lessons

/// A citation fails when the code it points at moves or changes, not only when its lines are
/// gone: `Lessons/citations.txt` records what each one showed.
@Suite struct CitationRecordTests {
    static let source = "struct App {\n    func start() {\n        run()\n    }\n}\n"
    static let lesson = "`start` runs the app (`Sources/01-MVC/App.swift:2-3`).\n"

    /// Writes the record for `lesson` over `source`, then runs `body` with the source replaced.
    func afterTheCodeBecomes(
        _ changedSource: String, _ body: (Repository, CommandResult) throws -> Void
    ) throws {
        try withTemporaryRepository([
            "Sources/01-MVC/App.swift": Self.source, "Lessons/01-MVC.md": Self.lesson,
        ]) { repository in
            let written = LessonsCommand(repository: repository).run(["write-citations"])
            #expect(written.status == 0)
            #expect(LessonChecks.recordProblems(in: repository).isEmpty)
            try repository.write(changedSource, at: "Sources/01-MVC/App.swift")
            try body(repository, LessonsCommand(repository: repository).run(["write-citations"]))
        }
    }

    @Test func theRealLessonsShowTheCodeTheyWereWrittenAgainst() {
        let record = CitationRecord(in: packageRepository)
        #expect(record.fingerprints.count > 200)
        let problems = LessonChecks.recordProblems(in: packageRepository)
        #expect(problems.isEmpty, "\(problems.map(\.description).joined(separator: "\n"))")
    }

    @Test func codeThatMovedDownFailsAndSaysWhereItWent() throws {
        try afterTheCodeBecomes("import Foundation\n\n" + Self.source) { repository, rewritten in
            let problems = LessonChecks.recordProblems(in: repository).map(\.description)
            #expect(
                problems == [
                    "Lessons/01-MVC.md:1: Sources/01-MVC/App.swift:2-3 no longer shows the code "
                        + "the lesson was written against; the lines it showed are now at 4-5; "
                        + "fix the citation"
                ])
            // Writing the record again does not bless the moved citation.
            #expect(rewritten.status == 1)
            #expect(rewritten.errorOutput.contains("Sources/01-MVC/App.swift:2-3"))
            #expect(LessonChecks.recordProblems(in: repository).count == 1)
        }
    }

    /// A one-line citation such as `render()` matches many lines; the one it meant is the
    /// nearest to where it was.
    @Test func aMovedLineThatRecursIsFoundNearestWhereItWas() throws {
        let source = "func a() {\n    run()\n}\n\nfunc b() {\n    run()\n}\n"
        try withTemporaryRepository([
            "Sources/01-MVC/App.swift": source,
            "Lessons/01-MVC.md": "`b` runs it (`Sources/01-MVC/App.swift:6`).\n",
        ]) { repository in
            #expect(LessonsCommand(repository: repository).run(["write-citations"]).status == 0)
            let moved = source.replacing("func b() {\n", with: "func b() {\n    prepare()\n")
            try repository.write(moved, at: "Sources/01-MVC/App.swift")
            let problems = LessonChecks.recordProblems(in: repository).map(\.message)
            #expect(problems.count == 1)
            #expect(
                problems.first?.contains("the lines it showed are now at 7;") == true,
                "\(problems)")
        }
    }

    @Test func codeThatChangedInPlaceFails() throws {
        let changed = Self.source.replacing("run()", with: "runLoop()")
        try afterTheCodeBecomes(changed) { repository, rewritten in
            let problems = LessonChecks.recordProblems(in: repository).map(\.message)
            #expect(problems.count == 1)
            #expect(problems.first?.contains("that code changed") == true)
            #expect(rewritten.status == 1)
        }
    }

    @Test func reindentedCodeStillShowsTheSame() throws {
        let reindented = Self.source.replacing("        run()", with: "            run()")
        try afterTheCodeBecomes(reindented) { repository, rewritten in
            #expect(LessonChecks.recordProblems(in: repository).isEmpty)
            #expect(rewritten.status == 0)
        }
    }

    @Test func aNewCitationFailsUntilItIsRecordedAndAnUnusedOneIsDropped() throws {
        try withTemporaryRepository([
            "Sources/01-MVC/App.swift": Self.source, "Lessons/01-MVC.md": Self.lesson,
        ]) { repository in
            #expect(
                LessonChecks.recordProblems(in: repository).map(\.message) == [
                    "Sources/01-MVC/App.swift:2-3 is not in Lessons/citations.txt: read it once "
                        + "more, then run `swift run lessons write-citations`"
                ])
            _ = LessonsCommand(repository: repository).run(["write-citations"])
            try repository.write(
                "See `Sources/01-MVC/App.swift:1`.\n", at: "Lessons/01-MVC.md")
            _ = LessonsCommand(repository: repository).run(["write-citations"])
            #expect(
                Array(CitationRecord(in: repository).fingerprints.keys) == [
                    "Sources/01-MVC/App.swift:1"
                ])
            #expect(LessonChecks.recordProblems(in: repository).isEmpty)
        }
    }
}
