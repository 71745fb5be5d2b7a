import Steps
import TMDB
import TMDBTestSupport
import TerminalUI
import Testing

extension Acceptance {
    /// E7: keys act in the order they were typed, each on the state the keys before it left.
    @Suite("Bursts")
    @MainActor
    struct Bursts {
        /// Scripts that need no answer from TMDB between their keys.
        nonisolated static let answerFreeScripts: [[Key]] = [
            [.enter, .character("b"), .enter],
            [.down, .down, .enter, .character("b"), .end],
            [.down, .enter, .escape, .down, .enter],
            [.pageDown, .enter, .left, .home, .character("j"), .enter],
            [.enter, .character("?"), .down, .escape, .character("b")],
        ]

        /// Every step, every script: what a burst of the script leaves on the screen.
        nonisolated static let crossingScripts: [[Key]] =
            answerFreeScripts + [
                [.character("t"), .enter],
                [.character("t"), .character("t"), .down],
                [.end, .end, .end],
                [.enter, .character("b"), .character("t"), .enter],
            ]

        private func launchedApp(_ step: Step) async -> AppDriver {
            let app = AppDriver(step)
            await app.launch()
            return app
        }

        @Test(
            "E7: a burst ends on the screen that typing the keys one at a time ends on",
            arguments: Step.all, answerFreeScripts)
        func burstMatchesSlowTyping(step: Step, script: [Key]) async {
            let slow = await launchedApp(step)
            for key in script {
                await slow.press(key)
            }
            let burst = await launchedApp(step)
            await burst.paste(script)
            #expect(burst.screen == slow.screen, "burst \(script)")
        }

        @Test("E7: a burst gives the same screen in every step", arguments: crossingScripts)
        func burstGivesTheSameScreenInEveryStep(script: [Key]) async {
            var screens: [String: String] = [:]
            for step in Step.all {
                let app = await launchedApp(step)
                await app.paste(script)
                screens[step.command] = app.screen
            }
            let reference = screens[Step.all[0].command]  // the first step is the reference
            for step in Step.all {
                #expect(screens[step.command] == reference, "\(step) after \(script)")
            }
        }

        @Test(
            "E7 T10: t then Enter in one burst opens the selected row still in view, and back shows today's list",
            arguments: Step.all)
        func toggleThenEnterOpensTheRowInView(step: Step) async {
            let app = await launchedApp(step)
            let firstRow = app.rows[2]
            await app.paste([.character("t"), .enter])
            #expect(app.rows[0].hasPrefix("Superman"), "opened: \(app.rows[0])")
            #expect(app.stub.requests.filter { $0.path.hasPrefix("/3/movie/") }.count >= 1)
            await app.press(.character("b"))
            #expect(app.rows[0].hasPrefix("Trending movies · today"))
            #expect(app.rows[0].hasSuffix("1 / 40"))
            #expect(app.rows[2] != firstRow, "today's list replaced the week's")
        }

        @Test(
            "E7: r then Enter while the first page loads reloads once and opens nothing",
            arguments: Step.all)
        func retryThenEnterDuringALoad(step: Step) async {
            let stub = HTTPStub()
            stub.respond(
                to: "/3/trending/movie/week", query: ["page": "1"],
                with: Fixtures.page(
                    1, of: 1, [Fixtures.Movie(id: 1, title: "Alpha")], delay: .milliseconds(100)))
            let app = AppDriver(step, stub: stub)
            app.application.start()
            await app.paste([.character("r"), .enter])
            #expect(app.screen.contains("Alpha"))
            #expect(app.rows[0].hasPrefix("Trending movies · this week"))
            #expect(stub.requests(path: "/3/movie/1").isEmpty)
            #expect(app.pageRequests(page: 1).count <= 2, "the first load and the reload")
        }

        @Test(
            "E7: Enter, back and Enter again in one burst open the same movie once more",
            arguments: Step.all)
        func enterBackEnter(step: Step) async {
            let app = await launchedApp(step)
            await app.paste([.enter, .character("b"), .enter])
            #expect(app.rows[0].hasPrefix("Superman"))
            #expect(app.screen.contains("Released 2025-07-09"))
            #expect(app.screen.contains("Cast"))
        }
    }
}
