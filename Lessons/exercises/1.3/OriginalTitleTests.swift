import Foundation
import ImagePipeline
import MovieDomain
import MovieLauncher
import MovieUI
import StepTestSupport
import TMDB
import TMDBTestSupport
import TerminalUI
import Testing

@testable import MVC

/// Lesson 01, exercise 3: a row shows the original title after the title when they differ.
/// In MVC the only way to see what the list shows is to run the whole screen, so these tests
/// do: the app on a virtual terminal, on the bundled sample data, read row by row on every
/// screen of the list (PgDn), each row checked against its movie.
/// `swift run lessons check 1.3` runs these against your working copy.
@MainActor
@Suite(.sharingTMDBClient)
struct OriginalTitleTests {
    /// What a row shows for `movie`: "슈퍼맨 · Superman", or "기생충" when the two are one.
    private static func expectedTitle(of movie: Movie) -> String {
        movie.originalTitle == movie.title ? movie.title : "\(movie.title) · \(movie.originalTitle)"
    }

    /// Every movie of the trending list in `language`, as the list shows them: pages 1, 2
    /// and 3 of the sample data, each movie once.
    private static func sampleMovies(_ client: TMDBClient) async throws -> [Movie] {
        var list = MovieList<Movie>()
        while let page = list.nextPage {
            let moviePage = try await client.trendingMovies(timeWindow: .week, page: page)
            list.append(moviePage.results, page: page, totalPages: moviePage.totalPages)
        }
        return Array(list.movies)
    }

    /// The app on `client`, started on a virtual terminal wide enough that no title is cut.
    private static func start(_ client: TMDBClient, clock: TestClock) -> (
        Application, VirtualTerminal
    ) {
        let app = App(
            client: client, imageLoader: ImagePipeline(client: client), timeWindow: .week,
            clock: clock)
        let terminal = VirtualTerminal(width: 160, height: 24)
        let application = Application(
            rootViewController: app.makeRootViewController(), terminal: terminal,
            help: MovieApp.help(for: client.configuration))
        application.start()
        return (application, terminal)
    }

    /// The rows that show something, each with its runs of spaces made one; no more than a
    /// message can show.
    private static func screen(_ terminal: VirtualTerminal) -> String {
        String(
            terminal.rows.map { $0.split(separator: " ").joined(separator: " ") }
                .filter { !$0.isEmpty }.joined(separator: " | ").prefix(300))
    }

    /// Starts the app in `language` and reads the list screen after screen, PgDn after PgDn,
    /// until every movie's row has been on screen; each row must show its movie's title,
    /// followed by the original title only when that differs. Returns what was wrong, for the
    /// tests to count: a long message of Korean text is not always printed.
    private func checkEveryRow(language: String) async throws -> [String] {
        let client = TMDBClient(
            configuration: Configuration(language: language), retryPolicy: .immediate)
        let movies = try await Self.sampleMovies(client)
        let (application, terminal) = Self.start(client, clock: TestClock())
        var screen: String { Self.screen(terminal) }
        var seen = Set<Int>()
        var screens = 0
        var problems: [String] = []
        while seen.count < movies.count && screens < 12 {
            let settled = await application.waitUntilSettled(timeout: .seconds(5))
            #expect(
                settled,
                "screen \(screens + 1) never settled in 5 s; the screen reads: \(screen)")
            guard settled else { break }
            screens += 1
            for screenRow in terminal.rows {
                // The list's part of the row: the preview pane (P2) is right of its rule.
                let line = String(screenRow.prefix { $0 != "│" }).trimmingCharacters(
                    in: .whitespaces)
                // A movie's row: its rank, its title, … and its rating at the end.
                guard line.contains(/(★ \d+\.\d|no rating)$/),
                    let match = line.wholeMatch(of: /\s*(?<rank>\d+) (?<rest>.*)/),
                    let rank = Int(match.output.rank), movies.indices.contains(rank - 1),
                    seen.insert(rank).inserted
                else { continue }
                let expected = Self.expectedTitle(of: movies[rank - 1])
                if !match.output.rest.hasPrefix(expected + "  ") {
                    let shown = match.output.rest.components(separatedBy: "  ").first ?? ""
                    problems.append("row \(rank) shows \"\(shown)\", not \"\(expected)\"")
                }
            }
            application.send(.pageDown)
        }
        #expect(
            seen.count == movies.count,
            "PgDn showed \(seen.count) of the \(movies.count) movies on \(screens) screens")
        #expect(screens > 1, "the list is read on more than one screen")
        return problems
    }

    @Test("the search results show it too: “super” finds 슈퍼맨 · Superman with ko-KR (S5)")
    func searchResultsShowTheOriginalTitle() async throws {
        let client = TMDBClient(
            configuration: Configuration(language: "ko-KR"), retryPolicy: .immediate)
        let clock = TestClock()
        let (application, terminal) = Self.start(client, clock: clock)
        var screen: String { Self.screen(terminal) }
        #expect(
            await application.waitUntilSettled(timeout: .seconds(5)),
            "the list never settled; the screen reads: \(screen)")
        application.send(.character("/"))
        for character in "super" {
            application.send(.character(character))
        }
        // The search waits 300 ms on the app's clock before it sends the query.
        let isWaiting = await eventually(timeout: .seconds(5)) { clock.nextDeadline != nil }
        #expect(isWaiting, "typing “super” in the search bar started no 300 ms wait")
        if let deadline = clock.nextDeadline {
            clock.advance(to: deadline)
        }
        let shown = await application.waitUntil(timeout: .seconds(5)) {
            application.isSettled && terminal.rows.contains { $0.contains("슈퍼맨") }
        }
        #expect(shown, "the results for “super” never showed; the screen reads: \(screen)")
        guard shown else { return }
        let row = terminal.rows.first { $0.contains("슈퍼맨") } ?? ""
        #expect(
            row.contains("슈퍼맨 · Superman  "),
            """
            the result reads "\(row.split(separator: " ").joined(separator: " "))": search \
            results are rows like the list's (S5), so they show the original title too
            """)
    }

    @Test("with ko-KR, every row shows its title · its original title, e.g. 슈퍼맨 · Superman")
    func translatedTitlesShowTheirOriginal() async throws {
        let problems = try await checkEveryRow(language: "ko-KR")
        #expect(
            problems.count == 0,
            "\(problems.count) rows are wrong: \(problems.prefix(3).joined(separator: "; "))")
    }

    @Test("with en-US, only a title that differs shows its original: Parasite · 기생충, Superman")
    func onlyATitleThatDiffersShowsItsOriginal() async throws {
        let problems = try await checkEveryRow(language: "en-US")
        #expect(
            problems.count == 0,
            "\(problems.count) rows are wrong: \(problems.prefix(3).joined(separator: "; "))")
    }
}
