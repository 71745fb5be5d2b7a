import Foundation
import MoviePresentation
import StepTestSupport
import TMDB
import TMDBTestSupport
import Testing

@testable import MVVM

/// The trending list's logic, tested through its view model alone: no terminal, no screen.
/// HTTP is stubbed behind the step's shared client, so the suite takes turns with every
/// other test that sets `TMDBClient.shared`.
@MainActor
@Suite(.sharingTMDBClient)
struct TrendingViewModelTests {
    let stub = HTTPStub()

    init() {
        stub.installAsSharedClient()
    }

    /// A loaded first page of `movies`, out of `totalPages`.
    private func loadedViewModel(
        _ movies: [Fixtures.Movie] = Fixtures.movies(1...20), of totalPages: Int = 3,
        timeWindow: TimeWindow = .week
    ) async -> TrendingViewModel {
        stub.respond(
            to: "/3/trending/movie/\(timeWindow.rawValue)", query: ["page": "1"],
            with: Fixtures.page(1, of: totalPages, movies))
        let viewModel = TrendingViewModel(timeWindow: timeWindow)
        viewModel.viewDidLoad()
        #expect(await waitUntil { viewModel.rowCount > 0 }, "page 1 never arrived")
        return viewModel
    }

    private func titles(_ viewModel: TrendingViewModel) -> [String] {
        (0..<viewModel.rowCount).map { viewModel.row(at: $0).title }
    }

    // MARK: First page (T1, T2, T9)

    @Test func viewDidLoadRequestsPageOneAndShowsLoadingUntilItArrives() async {
        stub.respond(
            to: "/3/trending/movie/week", query: ["page": "1"],
            with: Fixtures.page(1, of: 3, Fixtures.movies(1...20), delay: .milliseconds(50)))
        let viewModel = TrendingViewModel(timeWindow: .week)
        #expect(viewModel.rowCount == 0)

        viewModel.viewDidLoad()

        // T9: a loading indicator while the first page is on its way.
        #expect(viewModel.isLoadingFirstPage)
        #expect(viewModel.message == nil)
        #expect(await waitUntil { viewModel.rowCount == 20 })
        #expect(!viewModel.isLoadingFirstPage)
        #expect(stub.pageRequests(.week, page: 1).count == 1)
        #expect(stub.requests.count == 1)
    }

    @Test func headerSaysTitleWindowSourceAndPosition() async {
        // T1
        let viewModel = await loadedViewModel()

        #expect(viewModel.title == "Trending movies")
        #expect(viewModel.subtitle == "this week · TMDB")
        #expect(viewModel.position == "1 / 20")
        viewModel.selectionDidMove(to: 11)
        #expect(viewModel.position == "12 / 20")
    }

    @Test func rowsAreFormattedForTheScreen() async {
        // T2: rank, title, year ("—" without a date), "★ 7.4" or "no rating".
        let viewModel = await loadedViewModel([
            Fixtures.Movie(id: 1, title: "Dune: Part Two", releaseDate: "2024-02-27"),
            Fixtures.Movie(id: 2, title: "Undated", releaseDate: ""),
            Fixtures.Movie(id: 3, title: "Unrated", voteAverage: 0, voteCount: 0),
            Fixtures.Movie(id: 4, title: "Rounded", voteAverage: 6.96),
        ])

        #expect(
            viewModel.row(at: 0)
                == MovieRow(
                    rank: "1", title: "Dune: Part Two", year: "2024", rating: "★ 7.4"))
        #expect(viewModel.row(at: 1).year == "—")
        #expect(viewModel.row(at: 2).rating == "no rating")
        #expect(viewModel.row(at: 3).rating == "★ 7.0")
        #expect((0..<4).map { viewModel.row(at: $0).rank } == ["1", "2", "3", "4"])
        #expect(viewModel.movie(at: 0).id == 1)
    }

    @Test func emptyFirstPageSaysSo() async {
        // T12
        stub.respond(
            to: "/3/trending/movie/week", query: ["page": "1"], with: Fixtures.page(1, of: 1, []))
        let viewModel = TrendingViewModel(timeWindow: .week)
        viewModel.viewDidLoad()

        #expect(await waitUntil { viewModel.message != nil })
        #expect(viewModel.message?.text == "No trending movies right now.")
        #expect(viewModel.message?.isError == false)
    }

    // MARK: Paging (T6, T7, T8)

    @Test func nextPageIsWantedWithinFourRowsOfTheEnd() async {
        // T6: rows 15…19 of 20 are within 4 rows of the last movie; row 14 is not.
        stub.respond(
            to: "/3/trending/movie/week", query: ["page": "2"],
            with: Fixtures.page(2, of: 3, Fixtures.movies(21...40)))
        let viewModel = await loadedViewModel()

        viewModel.selectionDidMove(to: 14)
        #expect(viewModel.status != .activity("Loading more…"))
        viewModel.selectionDidMove(to: 15)
        #expect(viewModel.status == .activity("Loading more…"))
        #expect(await waitUntil { viewModel.rowCount == 40 })
        #expect(stub.pageRequests(page: 2).count == 1)
    }

    @Test func aRowComingOnScreenNearTheEndAsksForTheNextPage() async {
        // T6: a first page too short for the screen shows its last rows at once; row 19
        // coming on screen asks for page 2, as row 14 does not, and the selection stays.
        stub.respond(
            to: "/3/trending/movie/week", query: ["page": "2"],
            with: Fixtures.page(2, of: 3, Fixtures.movies(21...40)))
        let viewModel = await loadedViewModel()

        viewModel.rowWillDisplay(at: 14)
        #expect(viewModel.status != .activity("Loading more…"))
        viewModel.rowWillDisplay(at: 19)
        #expect(viewModel.status == .activity("Loading more…"))
        #expect(await waitUntil { viewModel.rowCount == 40 })
        #expect(viewModel.selectedRow == 0)
        #expect(stub.pageRequests(page: 2).count == 1)
    }

    @Test func exactlyOneRequestForPageTwoHoweverManySelectionsArrive() async {
        // T6: a burst of moves near the end while page 2 is in flight asks for it once.
        stub.respond(
            to: "/3/trending/movie/week", query: ["page": "2"],
            with: Fixtures.page(2, of: 3, Fixtures.movies(21...40), delay: .milliseconds(100)))
        let viewModel = await loadedViewModel()

        for _ in 0..<3 {
            for row in [15, 16, 17, 18, 19, 18, 19] {
                viewModel.selectionDidMove(to: row)
            }
        }
        #expect(viewModel.status == .activity("Loading more…"))
        #expect(await waitUntil { viewModel.rowCount == 40 })
        viewModel.selectionDidMove(to: 19)

        #expect(stub.pageRequests(page: 2).count == 1)
        #expect(stub.pageRequests(page: 3).isEmpty)
        #expect(viewModel.position == "20 / 40")
    }

    @Test func duplicatesAndAdultTitlesAreLeftOutAndRanksStayContinuous() async {
        // T7: page 2 repeats movies 19 and 20; movies 3 and 39 are adult.
        var first = Fixtures.movies(1...20)
        first[2].isAdult = true
        var second = Fixtures.movies(19...40)
        second[20].isAdult = true
        stub.respond(
            to: "/3/trending/movie/week", query: ["page": "2"],
            with: Fixtures.page(2, of: 2, second))
        let viewModel = await loadedViewModel(first, of: 2)

        #expect(viewModel.rowCount == 19)
        #expect(!titles(viewModel).contains("Movie 3"))
        #expect(viewModel.row(at: 2).title == "Movie 4")
        #expect(viewModel.row(at: 2).rank == "3")

        viewModel.selectionDidMove(to: 18)
        #expect(await waitUntil { viewModel.rowCount > 19 })

        let ids = (0..<viewModel.rowCount).map { viewModel.movie(at: $0).id }
        #expect(Set(ids).count == ids.count)
        #expect(!ids.contains(3) && !ids.contains(39))
        #expect(viewModel.rowCount == 19 + 19)
        #expect(viewModel.row(at: 19).title == "Movie 21")
        #expect(viewModel.row(at: 19).rank == "20")
        #expect(viewModel.row(at: viewModel.rowCount - 1).rank == "\(viewModel.rowCount)")
    }

    @Test func lastPageEndsTheListInTheStatusLine() async {
        // T8: with one page there is nothing more to ask for.
        let viewModel = await loadedViewModel(of: 1)

        #expect(
            viewModel.status
                == .ended(
                    "All 20 movies · ↑↓ move · enter open · / search · t today/this week · ? help · q quit"
                ))
        viewModel.selectionDidMove(to: 19)
        #expect(
            viewModel.status
                == .ended(
                    "All 20 movies · ↑↓ move · enter open · / search · t today/this week · ? help · q quit"
                ))
        #expect(stub.pageRequests(page: 2).isEmpty)
    }

    @Test func noPageBeyondFiveHundredIsRequested() async {
        // T8: TMDB claims 900 pages but serves at most 500. Each page brings one new movie,
        // and the user goes to the end after each, so the list asks for every page once.
        stub.respond(
            to: "/3/trending/movie/week",
            withSequence: [Fixtures.page(1, of: 900, Fixtures.movies(1...20))]
                + (2...500).map { page in
                    Fixtures.page(page, of: 900, Fixtures.movies((page + 19)...(page + 19)))
                })
        let viewModel = TrendingViewModel(timeWindow: .week)
        viewModel.viewDidLoad()
        #expect(await waitUntil(timeout: .seconds(60)) { viewModel.rowCount == 20 })

        // Each page may ask for the next by itself while the selection is still near the
        // end; whatever the timing, moving to the end again goes on until the list has ended.
        var moves = 0
        while viewModel.status
            != .ended(
                "All 519 movies · ↑↓ move · enter open · / search · t today/this week · ? help · q quit"
            ), moves < 600
        {
            let count = viewModel.rowCount
            viewModel.selectionDidMove(to: count - 1)
            moves += 1
            #expect(
                await waitUntil(timeout: .seconds(60)) {
                    viewModel.status != .activity("Loading more…") && viewModel.rowCount > count
                        || viewModel.status
                            == .ended(
                                "All 519 movies · ↑↓ move · enter open · / search · t today/this week · ? help · q quit"
                            )
                })
        }
        viewModel.selectionDidMove(to: viewModel.rowCount - 2)

        #expect(
            viewModel.status
                == .ended(
                    "All 519 movies · ↑↓ move · enter open · / search · t today/this week · ? help · q quit"
                ))
        #expect(stub.pageRequests(page: 500).count == 1)
        #expect(stub.pageRequests(page: 501).isEmpty)
        #expect(stub.requests.count == 500)
    }

    @Test func aPageWithNoNewMovieAsksForNoMoreUntilTheUserMoves() async {
        // T6: every page repeats the same movies; one move asks for one page, not a storm.
        stub.respond(
            to: "/3/trending/movie/week", with: Fixtures.page(1, of: 900, Fixtures.movies(1...20)))
        let viewModel = TrendingViewModel(timeWindow: .week)
        viewModel.viewDidLoad()
        #expect(await waitUntil(timeout: .seconds(60)) { viewModel.rowCount == 20 })

        viewModel.selectionDidMove(to: 19)
        #expect(await stub.waitUntil(timeout: .seconds(60)) { $0.pageRequests(page: 2).count == 1 })
        #expect(
            await waitUntil(timeout: .seconds(60)) {
                viewModel.status != .activity("Loading more…")
            })
        #expect(stub.pageRequests(page: 3).isEmpty, "a page that added nothing asked for more")

        viewModel.selectionDidMove(to: 18)
        #expect(await stub.waitUntil(timeout: .seconds(60)) { $0.pageRequests(page: 3).count == 1 })
        #expect(
            await waitUntil(timeout: .seconds(60)) {
                viewModel.status != .activity("Loading more…")
            })
        #expect(stub.requests.count == 3)
    }

    // MARK: Failures (T9)

    @Test func firstPageErrorThenRetryLoadsTheList() async {
        stub.respond(
            to: "/3/trending/movie/week", query: ["page": "1"],
            withSequence: [
                .failure(.notConnectedToInternet), Fixtures.page(1, of: 3, Fixtures.movies(1...20)),
            ])
        let viewModel = TrendingViewModel(timeWindow: .week)
        viewModel.viewDidLoad()

        #expect(await waitUntil { viewModel.message != nil })
        #expect(
            viewModel.message
                == ListMessage(
                    text: TMDBError.offline.message, hint: "r to retry", isError: true))
        #expect(viewModel.rowCount == 0)
        #expect(!viewModel.isLoadingFirstPage)

        viewModel.retry()

        #expect(viewModel.isLoadingFirstPage)
        #expect(viewModel.message == nil)
        #expect(await waitUntil { viewModel.rowCount == 20 })
        #expect(stub.pageRequests(page: 1).count == 2)
    }

    @Test func failedNextPageKeepsTheRowsAndRetryFetchesIt() async {
        stub.respond(
            to: "/3/trending/movie/week", query: ["page": "2"],
            withSequence: [
                .tmdbError(statusCode: 500, code: 11, message: "Internal error."),
                Fixtures.page(2, of: 3, Fixtures.movies(21...40)),
            ])
        let viewModel = await loadedViewModel()

        viewModel.selectionDidMove(to: 19)

        #expect(await waitUntil { viewModel.status != .activity("Loading more…") })
        let message = TMDBError.serverError(status: 500).message
        #expect(viewModel.status == .failed("Couldn't load more: \(message) r to retry"))
        #expect(viewModel.rowCount == 20)
        #expect(viewModel.message == nil)
        #expect(viewModel.selectedRow == 19)

        viewModel.retry()

        #expect(viewModel.status == .activity("Loading more…"))
        #expect(await waitUntil { viewModel.rowCount == 40 })
        #expect(viewModel.selectedRow == 19)
        #expect(stub.pageRequests(page: 1).count == 1)
        #expect(stub.pageRequests(page: 2).count == 2)
    }

    @Test func failedNextPageIsRetriedByMovingNearTheEndAgain() async {
        // T9: "… is retried by `r` or by moving near the end again".
        stub.respond(
            to: "/3/trending/movie/week", query: ["page": "2"],
            withSequence: [
                .failure(.timedOut), Fixtures.page(2, of: 3, Fixtures.movies(21...40)),
            ])
        let viewModel = await loadedViewModel()
        viewModel.selectionDidMove(to: 19)
        #expect(await waitUntil { viewModel.status != .activity("Loading more…") })

        viewModel.selectionDidMove(to: 18)

        #expect(await waitUntil { viewModel.rowCount == 40 })
        #expect(stub.pageRequests(page: 2).count == 2)
    }

    // MARK: Switching and reloading (T10, E1)

    @Test func toggleWhilePageOneIsInFlightNeverShowsTheLateWeekPage() async {
        stub.respond(
            to: "/3/trending/movie/week", query: ["page": "1"],
            with: Fixtures.page(
                1, of: 3, Fixtures.movies(1...20, prefix: "Week"), delay: .milliseconds(150)))
        stub.respond(
            to: "/3/trending/movie/day", query: ["page": "1"],
            with: Fixtures.page(1, of: 3, Fixtures.movies(101...120, prefix: "Day")))
        let viewModel = TrendingViewModel(timeWindow: .week)
        viewModel.viewDidLoad()
        #expect(await stub.waitUntil { $0.pageRequests(.week, page: 1).count == 1 })

        viewModel.toggleTimeWindow()

        #expect(viewModel.subtitle == "today · TMDB")
        #expect(await waitUntil { viewModel.rowCount == 20 })
        #expect(viewModel.row(at: 0).title == "Day 101")
        // The week page arrives after all; nothing the view model shows may change.
        #expect(await stub.waitUntil { $0.isIdle })
        let onlyDay = await staysTrue(for: .milliseconds(200)) {
            viewModel.rowCount == 20 && !titles(viewModel).contains { $0.hasPrefix("Week") }
        }
        #expect(onlyDay)
        #expect(stub.pageRequests(.day, page: 1).count == 1)
    }

    @Test func toggleKeepsTheRowsUntilPageOneReplacesThemWithTheSelectionAtTheTop() async {
        // T10: the day page is held; meanwhile the week's rows stay, and `r` asks for nothing.
        let gate = StubGate()
        stub.respond(
            to: "/3/trending/movie/day", query: ["page": "1"],
            with: Fixtures.page(1, of: 3, Fixtures.movies(101...120, prefix: "Day")).held(by: gate))
        let viewModel = await loadedViewModel()
        viewModel.selectionDidMove(to: 10)

        viewModel.toggleTimeWindow()
        #expect(await stub.waitUntil { $0.pageRequests(.day, page: 1).count == 1 })
        viewModel.retry()

        #expect(viewModel.subtitle == "today · TMDB")
        #expect(viewModel.selectedRow == 10)
        #expect(viewModel.rowCount == 20 && viewModel.row(at: 0).title == "Movie 1")
        #expect(viewModel.position == "11 / 20")
        #expect(viewModel.status == .activity("Reloading…"))
        #expect(!viewModel.isLoadingFirstPage && viewModel.message == nil)
        gate.open()
        #expect(await waitUntil { viewModel.row(at: 0).title == "Day 101" })
        #expect(viewModel.selectedRow == 0)
        #expect(viewModel.position == "1 / 20")
        #expect(stub.pageRequests(.day, page: 1).count == 1)
        viewModel.toggleTimeWindow()
        #expect(viewModel.subtitle == "this week · TMDB")
    }

    @Test func retryWithoutAnErrorReloadsTheCurrentWindow() async {
        // T10: `r` reloads the current window; page 1 replaces the rows and the selection.
        let viewModel = await loadedViewModel()
        viewModel.selectionDidMove(to: 5)

        viewModel.retry()

        #expect(viewModel.status == .activity("Reloading…"))
        #expect(await waitUntil { viewModel.selectedRow == 0 })
        #expect(viewModel.rowCount == 20)
        #expect(stub.pageRequests(.week, page: 1).count == 2)
        #expect(stub.pageRequests(.day, page: 1).isEmpty)
    }

    @Test func aReloadWhosePageOneFailsSaysWhyInPlaceOfTheRows() async {
        // T9, T10
        let viewModel = await loadedViewModel()
        stub.respond(
            to: "/3/trending/movie/week", query: ["page": "1"],
            with: .tmdbError(statusCode: 500, code: 11, message: "Internal error."))

        viewModel.retry()

        #expect(await waitUntil { viewModel.message?.isError == true })
        #expect(viewModel.rowCount == 0)
        #expect(viewModel.position == "")
    }
}
