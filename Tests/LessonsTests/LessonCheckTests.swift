import Testing

@testable import Lessons

/// Issue #16: the lessons' text on the real Lessons/ folder — one reported issue per problem,
/// each naming the lesson line, so a writer can work down the list.
@Suite struct LessonCheckTests {
    private let documents = packageRepository.lessonDocuments()

    private func record(_ problems: [LessonProblem]) {
        for problem in problems { Issue.record("\(problem)") }
    }

    private func each(
        _ check: (String, String, Repository) -> [LessonProblem]
    ) -> [LessonProblem] {
        documents.flatMap { document in
            packageRepository.text(at: document).map { check($0, document, packageRepository) }
                ?? []
        }
    }

    @Test func lessonsAreFound() {
        #expect(documents.contains("Lessons/README.md"))
        #expect(documents.contains("Lessons/01-MVC.md"))
        #expect(!documents.contains { $0.hasPrefix("Lessons/diffs/") })
    }

    /// A snippet that cites lines shows those lines; `…` marks what it leaves out.
    @Test func snippetsShowTheLinesTheyCite() async throws {
        record(try await offThePool { [self] in each(LessonChecks.snippetProblems) })
    }

    /// No "seed", no path outside the repository, no link or document name that leads nowhere.
    @Test func lessonsNameOnlyWhatALearnerCanOpen() async throws {
        record(try await offThePool { [self] in each(LessonChecks.referenceProblems) })
    }

    /// Every `<!-- KIND: … -->N<!-- /KIND -->` holds what the code has today.
    @Test func markedCountsAreTheCodes() async throws {
        record(try await offThePool { [self] in each(LessonChecks.countProblems) })
    }

    /// A count of lines, files, tests or loops is written as a marker, so the test above keeps it.
    @Test func everyCountIsMarked() async throws {
        record(
            try await offThePool { [self] in
                each { text, document, _ in
                    LessonChecks.uncheckedCountProblems(in: text, document: document)
                }
            })
    }

    /// The Korean edition has a twin of every lesson and of the study guide, and a glossary.
    @Test func theKoreanEditionIsComplete() {
        let english = packageRepository.lessonFiles() + ["Lessons/README.md"]
        #expect(english.count == packageRepository.steps().count + 1)
        for document in english {
            let twin = "Lessons/ko/" + document.dropFirst("Lessons/".count)
            #expect(documents.contains(twin), "\(document) has no Korean twin at \(twin)")
        }
        #expect(documents.contains("Lessons/ko/GLOSSARY.md"))
    }

    /// Every translation records the hash of its English twin as it is today.
    @Test func translationsFollowTheirEnglishLesson() async throws {
        let problems = try await offThePool { [documents] in
            Translation.folders(in: packageRepository).flatMap { folder in
                documents.filter { $0.hasPrefix(folder + "/") }.compactMap { document in
                    Translation.problem(
                        translation: packageRepository.text(at: document) ?? "", at: document,
                        repository: packageRepository)
                }
            }
        }
        record(problems)
    }
}
