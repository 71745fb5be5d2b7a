import Testing

@testable import Lessons

/// The Korean glossary and the Korean edition agree both ways: every bold span is a term or a
/// run-in heading, every term is used, and each document sets a term in bold where it first
/// uses it.
@Suite struct GlossaryTests {
    private static let glossary = """
        # 용어집

        | 한국어 | English | 이 저장소에서 | 뜻 |
        |---|---|---|---|
        | 모델 | model | `Movie` | 데이터입니다. |
        | 뷰모델 | view model | `TrendingViewModel` | 화면의 상태입니다. |
        | 의존성 주입(DI) | dependency injection (DI) | `AppDIContainer` | 건네받는 방식입니다. |
        | Driver | Driver | `Driver` | 실패하지 않는 스트림입니다. |
        | 피드백 시스템 | feedback system | `system` | 상태가 다음 요청을 정합니다. |

        """

    private func problems(_ lesson: String, glossary: String = glossary) -> [String] {
        Glossary.problems(glossary: glossary, documents: [("Lessons/ko/01-MVC.md", lesson)])
            .map(\.description)
    }

    private static let everyTermUsed = """
        **모델**과 **뷰모델**, **의존성 주입**, **`Driver`** 출력, **피드백 시스템**을 씁니다.
        """

    @Test func theRealGlossaryAndTheKoreanEditionAgree() {
        let problems = Glossary.problems(in: packageRepository)
        #expect(problems.isEmpty, "\(problems.map(\.description).joined(separator: "\n"))")
        #expect(Glossary.terms(in: packageRepository.text(at: Glossary.path) ?? "").count > 100)
    }

    @Test func aDocumentThatBoldsEachTermAtItsFirstUseHasNoProblem() {
        #expect(problems(Self.everyTermUsed + "\n다시 모델과 뷰모델을 봅니다.\n") == [])
    }

    @Test func aTermWhoseFirstUseIsNotBoldIsNamedWithItsLine() {
        let lesson = Self.everyTermUsed.replacing("**모델**과", with: "모델과") + "\n**모델**\n"
        #expect(
            problems(lesson) == [
                "Lessons/ko/01-MVC.md:1: the first use of “모델” (as “모델”) is not bold; "
                    + "a glossary term is set in bold where a document first uses it"
            ])
    }

    @Test func aTermInsideALongerWordIsNotAUse() {
        // 뷰모델 holds 모델, but only 뷰모델 is used here.
        let lesson = Self.everyTermUsed.replacing("**모델**과 ", with: "")
        #expect(problems(lesson).count == 1)
        #expect(problems(lesson).first?.contains("“모델” is used in no Korean lesson") == true)
    }

    @Test func boldThatIsNeitherATermNorARunInHeadingIsAProblem() {
        let lesson = Self.everyTermUsed + "\n**페이지 규칙은 모델이 지킵니다** 그리고 **왜.**\n"
        #expect(
            problems(lesson) == [
                "Lessons/ko/01-MVC.md:2: **페이지 규칙은 모델이 지킵니다** is bold but is not a "
                    + "term of Lessons/ko/GLOSSARY.md; end a run-in heading with . ? ! or :, or "
                    + "add the term to the glossary"
            ])
    }

    @Test func aTermBrokenAcrossLinesAndAShortFormCount() {
        let lesson = """
            **모델**과 **뷰모델**, **`Driver`** 출력, **의존성 주입(DI)**, **피드백
            시스템**을 씁니다.
            """
        #expect(problems(lesson) == [])
    }

    @Test func codeBlocksHeadingsCommentsAndOtherCodeSpansAreNotProse() {
        let lesson = """
            # 뷰모델
            <!-- 모델 -->
            ```swift
            let 모델 = 1
            ```
            `TrendingViewModel.모델` 그리고 `Driver`는 아닙니다.
            """
        let found = problems(lesson)
        // Only the exact code span `Driver` is prose; the other four terms are used nowhere.
        #expect(found.count == 5, "\(found)")
        #expect(found.filter { $0.contains("is used in no Korean lesson") }.count == 4)
        #expect(
            found.contains { $0.hasPrefix("Lessons/ko/01-MVC.md:6: the first use of “Driver”") })
    }

    @Test func everyRowGivesItsForms() {
        let terms = Glossary.terms(in: Self.glossary)
        #expect(terms.map(\.name) == ["모델", "뷰모델", "의존성 주입(DI)", "Driver", "피드백 시스템"])
        #expect(terms[2].forms == ["의존성 주입(DI)", "의존성 주입"])
        #expect(terms[2].line == 7)
        #expect(Glossary.forms(of: "싱글턴, 공유 클라이언트") == ["싱글턴, 공유 클라이언트", "싱글턴", "공유 클라이언트"])
    }
}
