import Foundation
import MoviePresentation
import StepTestSupport
import TMDB
import TMDBTestSupport
import Testing

@testable import MVVM

/// The search's logic, tested through its view model alone: the debounce runs on a
/// `TestClock` that only the test moves, and HTTP is stubbed behind the shared client, so the
/// suite takes turns with every other test that sets `TMDBClient.shared`.
@MainActor
@Suite(.sharingTMDBClient)
struct SearchViewModelTests {
    nonisolated static let searchPath = "/3/search/movie"

    let stub = HTTPStub()
    /// One entry each time someone begins to sleep on the clock, for a test to wait on.
    let sleeps = WaitableLog<Int>()
    let clock: TestClock
    let viewModel: SearchViewModel

    init() {
        stub.installAsSharedClient()
        let sleeps = sleeps
        clock = TestClock(onSleep: { sleeps.append(0) })
        viewModel = SearchViewModel(clock: clock)
    }

    /// The queries sent so far, in order.
    private var sentQueries: [String] {
        stub.requests(path: Self.searchPath).map { $0.queryItems["query"] ?? "" }
    }

    private func stubSearch(
        _ query: String, page: Int = 1, of totalPages: Int = 1, _ movies: [Fixtures.Movie],
        delay: Duration = .zero
    ) {
        stub.respond(
            to: Self.searchPath, query: ["query": query, "page": "\(page)"],
            with: Fixtures.page(page, of: totalPages, movies, delay: delay))
    }

    /// Edits the text and waits until the debounce sleeps on the clock (the `count`th sleep).
    private func edit(_ text: String, sleep count: Int) async {
        viewModel.textDidChange(text)
        #expect(await sleeps.wait { $0.count >= count }, "the debounce never began")
    }

    /// Moves the clock past the pause and waits until the view model stops waiting for it.
    private func pause() async {
        clock.advance(by: .milliseconds(300))
        #expect(
            await waitUntil(timeout: .seconds(60)) { viewModel.status != .activity("Searching…") })
    }

    private func titles() -> [String] {
        (0..<viewModel.rowCount).map { viewModel.row(at: $0).title }
    }

    // MARK: S2 — the debounce

    @Test func theQueryIsSentThreeHundredMillisecondsAfterTheLastEdit() async {
        // S2: each edit starts the wait again; 299 ms after the last one nothing is sent.
        stubSearch("dune", [Fixtures.Movie(id: 1, title: "Dune: Part Two")])
        let start = clock.now

        await edit("dun", sleep: 1)
        #expect(viewModel.isSearching)
        #expect(viewModel.status == .activity("Searching…"))
        clock.advance(by: .milliseconds(200))
        await edit("dune", sleep: 2)
        #expect(clock.nextDeadline == start.advanced(by: .milliseconds(500)))
        clock.advance(by: .milliseconds(299))
        #expect(sentQueries.isEmpty)

        clock.advance(by: .milliseconds(1))
        #expect(await waitUntil(timeout: .seconds(60)) { viewModel.rowCount == 1 })

        #expect(sentQueries == ["dune"])
        #expect(stub.requests(path: Self.searchPath).first?.queryItems["page"] == "1")
        #expect(viewModel.title == "Search")
        #expect(viewModel.subtitle == "“dune”")
        #expect(viewModel.position == "1 / 1")
        #expect(titles() == ["Dune: Part Two"])
        #expect(!viewModel.isSearching)
    }

    @Test func surroundingSpacesDoNotCountAndTheQueryLastSentIsNotSentAgain() async {
        // S2
        stubSearch("dune", [Fixtures.Movie(id: 1, title: "Dune: Part Two")])
        await edit("  dune ", sleep: 1)
        await pause()
        #expect(await waitUntil(timeout: .seconds(60)) { viewModel.rowCount == 1 })
        #expect(viewModel.subtitle == "“dune”")

        await edit("dune", sleep: 2)
        await pause()
        await edit("dune  ", sleep: 3)
        await pause()

        #expect(sentQueries == ["dune"])
        #expect(titles() == ["Dune: Part Two"])
    }

    @Test func anEmptyQuerySendsNothingAndStopsTheWait() async {
        // S2: clearing the text within the pause sends nothing, now or later.
        await edit("dune", sleep: 1)

        viewModel.textDidChange("   ")

        #expect(clock.nextDeadline == nil)
        #expect(!viewModel.isSearching)
        #expect(viewModel.message == nil)
        clock.advance(by: .seconds(5))
        #expect(sentQueries.isEmpty)
        #expect(stub.requests.isEmpty)
    }

    // MARK: S3 — a syllable being composed

    @Test(arguments: ["기생ㅊ", "ㄱ", "ㆎ", "lol ㅋ"])
    func aQueryEndingInALoneJamoIsNotSent(text: String) async {
        // S3
        await edit(text, sleep: 1)
        await pause()

        #expect(sentQueries.isEmpty)
        #expect(viewModel.subtitle == "")
        #expect(viewModel.message == nil)
    }

    @Test func theSyllableOnceComposedIsSent() async {
        // S3: 기생ㅊ waits; 기생충 goes.
        stubSearch("기생충", [Fixtures.Movie(id: 496_243, title: "Parasite")])
        await edit("기생ㅊ", sleep: 1)
        await pause()
        await edit("기생충", sleep: 2)
        await pause()

        #expect(await waitUntil(timeout: .seconds(60)) { viewModel.rowCount == 1 })
        #expect(sentQueries == ["기생충"])
        #expect(titles() == ["Parasite"])
    }

    // MARK: S4 — only the newest answer

    @Test func aLateAnswerForTheEarlierQueryIsDropped() async {
        // S4, E1: "dun" answers 300 ms late, after "dune" has been sent and answered.
        stubSearch("dun", [Fixtures.Movie(id: 1, title: "Old Answer")], delay: .milliseconds(300))
        stubSearch("dune", [Fixtures.Movie(id: 2, title: "New Answer")])
        await edit("dun", sleep: 1)
        await pause()
        #expect(
            await stub.waitUntil(timeout: .seconds(60)) {
                $0.requests(path: Self.searchPath).count == 1
            })

        await edit("dune", sleep: 2)
        await pause()
        #expect(await waitUntil(timeout: .seconds(60)) { titles() == ["New Answer"] })
        #expect(await stub.waitUntil(timeout: .seconds(60)) { $0.isIdle })

        #expect(await staysTrue(for: .milliseconds(100)) { titles() == ["New Answer"] })
        #expect(viewModel.subtitle == "“dune”")
        #expect(sentQueries == ["dun", "dune"])
    }

    // MARK: S5 — pages

    @Test func resultsPageWithoutRepeatsOrAdultTitlesAndEnd() async {
        // S5: page 2 repeats movie 20 and holds an adult title; page 2 of 2 ends the results.
        var second = Fixtures.movies(20...25)
        second[2].isAdult = true
        stubSearch("movie", page: 1, of: 2, Fixtures.movies(1...20))
        stubSearch("movie", page: 2, of: 2, second, delay: .milliseconds(50))
        await edit("movie", sleep: 1)
        await pause()
        #expect(await waitUntil(timeout: .seconds(60)) { viewModel.rowCount == 20 })

        viewModel.selectionDidMove(to: 14)
        #expect(
            viewModel.status != .activity("Loading more…"),
            "row 15 of 20 is not yet within 4 of the end")
        for row in [15, 16, 19, 18, 19] {
            viewModel.selectionDidMove(to: row)
        }
        #expect(viewModel.status == .activity("Loading more…"))
        #expect(await waitUntil(timeout: .seconds(60)) { viewModel.rowCount == 24 })

        #expect(stub.requests(path: Self.searchPath, query: ["page": "2"]).count == 1)
        #expect(titles() == (1...25).filter { $0 != 22 }.map { "Movie \($0)" })
        #expect((0..<24).map { viewModel.row(at: $0).rank } == (1...24).map(String.init))
        #expect(
            viewModel.status
                == .ended(
                    "All 24 movies · ↑↓ move · enter open · / edit · esc close · ? help · q quit"))
        #expect(viewModel.position == "20 / 24")
        viewModel.selectionDidMove(to: 23)
        #expect(stub.requests(path: Self.searchPath).count == 2, "no page past the last")
    }

    @Test func rowsAreFormattedAsInTheList() async {
        // S5, T2
        stubSearch(
            "x",
            [
                Fixtures.Movie(id: 1, title: "Dated", releaseDate: "2024-02-27", voteAverage: 6.96),
                Fixtures.Movie(id: 2, title: "Undated", releaseDate: "", voteCount: 0),
            ])
        await edit("x", sleep: 1)
        await pause()
        #expect(await waitUntil(timeout: .seconds(60)) { viewModel.rowCount == 2 })

        #expect(
            viewModel.row(at: 0)
                == MovieRow(rank: "1", title: "Dated", year: "2024", rating: "★ 7.0"))
        #expect(
            viewModel.row(at: 1)
                == MovieRow(rank: "2", title: "Undated", year: "—", rating: "no rating"))
        #expect(viewModel.movie(at: 1).id == 2)
    }

    // MARK: S6 — no match, failures

    @Test func noMatchSaysSo() async {
        // S6
        stubSearch("zzz", [])
        await edit("zzz", sleep: 1)
        await pause()

        #expect(await waitUntil(timeout: .seconds(60)) { viewModel.message != nil })
        #expect(
            viewModel.message
                == ListMessage(
                    text: "No movies match “zzz”.", hint: "/ edits the search · esc closes it",
                    isError: false))
    }

    @Test func aFailureSaysWhatWentWrongAndRetrySendsTheQueryAgain() async {
        // S6, T9
        stub.respond(
            to: Self.searchPath, query: ["query": "dune"],
            withSequence: [
                .failure(.notConnectedToInternet),
                Fixtures.page(1, of: 1, [Fixtures.Movie(id: 1, title: "Dune")]),
            ])
        #expect(!viewModel.retry(), "nothing to retry before a query was sent")
        await edit("dune", sleep: 1)
        await pause()
        #expect(await waitUntil(timeout: .seconds(60)) { viewModel.message != nil })
        #expect(
            viewModel.message
                == ListMessage(
                    text: TMDBError.offline.message, hint: "r to retry", isError: true))

        #expect(viewModel.retry())

        #expect(await waitUntil(timeout: .seconds(60)) { viewModel.rowCount == 1 })
        #expect(sentQueries == ["dune", "dune"])
        #expect(viewModel.message == nil)
    }

    @Test func aFailedNextPageKeepsTheResultsAndRetryFetchesIt() async {
        // S6, T9
        stubSearch("movie", page: 1, of: 2, Fixtures.movies(1...20))
        stub.respond(
            to: Self.searchPath, query: ["query": "movie", "page": "2"],
            withSequence: [
                .tmdbError(statusCode: 500, code: 11, message: "Internal error."),
                Fixtures.page(2, of: 2, Fixtures.movies(21...30)),
            ])
        await edit("movie", sleep: 1)
        await pause()
        #expect(await waitUntil(timeout: .seconds(60)) { viewModel.rowCount == 20 })
        viewModel.selectionDidMove(to: 19)
        #expect(
            await waitUntil(timeout: .seconds(60)) {
                if case .failed = viewModel.status { true } else { false }
            })
        #expect(viewModel.rowCount == 20)

        #expect(viewModel.retry())

        #expect(await waitUntil(timeout: .seconds(60)) { viewModel.rowCount == 30 })
        #expect(stub.requests(path: Self.searchPath, query: ["page": "1"]).count == 1)
        #expect(stub.requests(path: Self.searchPath, query: ["page": "2"]).count == 2)
    }
}
