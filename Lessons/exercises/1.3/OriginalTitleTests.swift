import Foundation
import MovieUI
import StepTestSupport
import TMDB
import TMDBTestSupport
import TerminalUI
import Testing

@testable import MVC

/// Lesson 01, exercise 3: a row shows the original title after the title when they differ.
/// In MVC the only way to see what the list shows is to run the whole screen, so these tests
/// do: the app on a virtual terminal, on the bundled sample data.
/// `swift run lessons check 1.3` runs these against your working copy.
@MainActor
@Suite(.sharingTMDBClient)
struct OriginalTitleTests {
    /// The first screen of the trending list in `language`, row by row.
    private func firstScreen(language: String) async -> [String] {
        let client = TMDBClient(
            configuration: Configuration(language: language), retryPolicy: .immediate)
        let app = App(client: client, timeWindow: .week, clock: TestClock())
        let terminal = VirtualTerminal(width: 100, height: 24)
        let application = Application(
            rootViewController: app.makeRootViewController(), terminal: terminal,
            help: MovieApp.help(for: client.configuration))
        application.start()
        #expect(await application.waitUntilSettled(), "the first page never arrived")
        return terminal.rows
    }

    @Test("with ko-KR, the list shows 슈퍼맨 · Superman")
    func aTranslatedTitleShowsItsOriginal() async {
        let rows = await firstScreen(language: "ko-KR")
        let superman = rows.first { $0.contains("슈퍼맨") } ?? "no row"
        #expect(
            superman.contains("슈퍼맨 · Superman"),
            "its row reads \"\(superman.trimmingCharacters(in: .whitespaces))\"")
        #expect(
            rows.contains { $0.contains("기생충 · 기생충") } == false,
            "기생충's original title is 기생충: shown once")
    }

    @Test("with en-US, a title that is its own original title is shown once")
    func anUntranslatedTitleIsShownOnce() async {
        let rows = await firstScreen(language: "en-US")
        #expect(rows.contains { $0.contains("Superman") })
        #expect(!rows.contains { $0.contains("Superman · Superman") })
    }
}
