import Foundation
import MovieDomain
import MoviePresentation
import StepTestSupport
import TMDB
import TMDBTestSupport
import Testing
import ViewModelKit
import ViewModelKitTesting

@testable import MVVMIO

/// The list's reducer alone: each action on a given state gives exactly one next state.
@MainActor
struct TrendingStateTests {
    typealias State = TrendingViewModel.State
    typealias PageRequest = TrendingViewModel.PageRequest

    /// Every stored property of a state, comparable; movies by id.
    struct Snapshot: Equatable, CustomStringConvertible {
        var timeWindow: TimeWindow
        var movieIDs: [Int]
        var loadedPages: Int
        var availablePages: Int
        var isStartingOver: Bool
        var pageRequest: PageRequest?
        var loadError: TMDBError?
        var selectedRow: Int

        init(_ state: State) {
            timeWindow = state.timeWindow
            movieIDs = state.movieList.movies.map(\.id)
            loadedPages = state.movieList.loadedPages
            availablePages = state.movieList.availablePages
            isStartingOver = state.movieList.isStartingOver
            pageRequest = state.pageRequest
            loadError = state.loadError
            selectedRow = state.selectedRow
        }

        var description: String {
            let request = pageRequest.map { "\($0.timeWindow) p\($0.page)" } ?? "none"
            return
                "\(timeWindow) ids \(movieIDs.first ?? 0)…\(movieIDs.last ?? 0) (\(movieIDs.count)) "
                + "pages \(loadedPages)/\(availablePages)\(isStartingOver ? " starting over" : "") "
                + "request \(request) "
                + "error \(loadError.map(String.init(describing:)) ?? "none") row \(selectedRow)"
        }
    }

    static func movies(_ ids: ClosedRange<Int>) -> [Movie] {
        ids.map { Movie(id: $0, title: "Movie \($0)", releaseDate: "2024-03-01") }
    }

    /// A list with `movies` as page `page` of `totalPages`.
    static func list(_ movies: [Movie], page: Int = 1, of totalPages: Int) -> MovieList<Movie> {
        var list = MovieList<Movie>()
        list.append(movies, page: page, totalPages: totalPages)
        return list
    }

    static func page(_ page: Int, of totalPages: Int, _ movies: [Movie]) -> MoviePage {
        MoviePage(
            page: page, results: movies, totalPages: totalPages, totalResults: totalPages * 20)
    }

    /// Page 1 of `totalPages` loaded with movies 1…20, nothing in flight.
    static func loaded(
        _ timeWindow: TimeWindow = .week, totalPages: Int = 3, selectedRow: Int = 0
    ) -> State {
        State(
            timeWindow: timeWindow, dataSourceName: "TMDB",
            movieList: list(movies(1...20), of: totalPages), selectedRow: selectedRow)
    }

    static func request(_ timeWindow: TimeWindow = .week, page: Int) -> PageRequest {
        PageRequest(timeWindow: timeWindow, page: page)
    }

    /// `state` starting over: its rows and selection kept, page 1 of `timeWindow` asked for.
    static func startingOver(_ state: State, _ timeWindow: TimeWindow = .week) -> State {
        var next = state
        next.timeWindow = timeWindow
        next.movieList.startOver()
        next.loadError = nil
        next.pageRequest = Self.request(timeWindow, page: 1)
        return next
    }

    @Test func reloadAsksForPageOneOfTheWindowAndKeepsTheRowsUntilItComes() {
        // T9, T10
        var failed = Self.loaded(selectedRow: 7)
        failed.loadError = .offline
        let next = failed.reduced(by: .reload)
        #expect(Snapshot(next) == Snapshot(Self.startingOver(Self.loaded(selectedRow: 7))))
        #expect(next.position == "8 / 20")
        #expect(next.status == .activity("Reloading…"))
        #expect(next.message == nil && !next.isLoadingFirstPage, "the rows stay in view")
    }

    @Test func toggleWindowReloadsTheOtherWindowWithTheRowsKeptUntilPageOneComes() {
        // T10
        let week = Self.loaded(selectedRow: 12)
        let day = week.reduced(by: .toggleTimeWindow)
        #expect(Snapshot(day) == Snapshot(Self.startingOver(week, .day)))
        let backToWeek = day.reduced(by: .toggleTimeWindow)
        #expect(Snapshot(backToWeek) == Snapshot(Self.startingOver(week)))
    }

    @Test func pageOneOfAReloadReplacesTheRowsWithTheSelectionAtTheTop() {
        // T10, T7: the old rows are gone, so none of them counts as shown already.
        let day = Self.loaded(selectedRow: 12).reduced(by: .toggleTimeWindow)
        let loaded = day.reduced(
            by: .loaded(Self.page(1, of: 2, Self.movies(11...30)), Self.request(.day, page: 1)))
        var expected = Self.loaded(.day, totalPages: 2)
        expected.movieList = Self.list(Self.movies(11...30), of: 2)
        #expect(Snapshot(loaded) == Snapshot(expected))
        #expect(loaded.position == "1 / 20")
    }

    @Test func retryWhilePageOneOfAReloadIsOnItsWayDoesNothing() {
        // T10, E6: that request is the reload, and its wait for TMDB's rate limit goes on.
        let reloading = Self.loaded(selectedRow: 4).reduced(by: .retry)
            .reduced(by: .waiting(secondsLeft: 2, Self.request(page: 1)))
        let next = reloading.reduced(by: .retry)
        #expect(Snapshot(next) == Snapshot(reloading))
        #expect(next.retryCountdown == 2)
    }

    @Test func movingNearTheEndWhileReloadingAsksForNothing() {
        // T10, T6: rows that page 1 is to replace want no next page.
        let reloading = Self.loaded(selectedRow: 4).reduced(by: .retry)
        var expected = reloading
        expected.selectedRow = 19
        #expect(Snapshot(reloading.reduced(by: .select(row: 19))) == Snapshot(expected))
    }

    @Test func aFailedReloadSaysWhyInPlaceOfTheRows() {
        // T9, T10
        let reloading = Self.loaded(selectedRow: 4).reduced(by: .retry)
        let failed = reloading.reduced(by: .failed(.offline, Self.request(page: 1)))
        #expect(failed.movieList.isEmpty)
        #expect(failed.message?.isError == true)
        #expect(Snapshot(failed.reduced(by: .retry)).pageRequest == Self.request(page: 1))
    }

    @Test func retryAfterAFailedFirstPageAsksForPageOneAgain() {
        // T9
        let failed = State(timeWindow: .day, loadError: .offline)
        #expect(failed.message?.isError == true)
        let retried = failed.reduced(by: .retry)
        #expect(
            Snapshot(retried)
                == Snapshot(State(timeWindow: .day, pageRequest: Self.request(.day, page: 1))))
    }

    @Test func retryAfterAFailedNextPageKeepsTheListAndAsksForThatPage() {
        // T9
        var failed = Self.loaded(selectedRow: 19)
        failed.loadError = .serverError(status: 503)
        var expected = Self.loaded(selectedRow: 19)
        expected.pageRequest = Self.request(page: 2)
        #expect(Snapshot(failed.reduced(by: .retry)) == Snapshot(expected))
    }

    @Test func retryWithNothingFailedReloadsTheWindow() {
        // T10: `r` reloads the current window.
        let loaded = Self.loaded(.day, selectedRow: 4)
        let next = loaded.reduced(by: .retry)
        #expect(Snapshot(next) == Snapshot(Self.startingOver(loaded, .day)))
    }

    @Test func selectingFarFromTheEndOnlyMovesTheSelection() {
        // T6: row 14 is five rows from the last of 20.
        var expected = Self.loaded()
        expected.selectedRow = 14
        #expect(Snapshot(Self.loaded().reduced(by: .select(row: 14))) == Snapshot(expected))
    }

    @Test func selectingWithinFourRowsOfTheEndAsksForTheNextPage() {
        // T6: row 15 is four rows from the last of 20.
        var expected = Self.loaded()
        expected.selectedRow = 15
        expected.pageRequest = Self.request(page: 2)
        #expect(Snapshot(Self.loaded().reduced(by: .select(row: 15))) == Snapshot(expected))
    }

    @Test func aRowComingOnScreenNearTheEndAsksForTheNextPageAndKeepsTheSelection() {
        // T6: a first page too short for the screen shows row 19 at once; that asks for
        // page 2, as row 14 does not, and the selection stays where it was.
        #expect(Snapshot(Self.loaded().reduced(by: .display(row: 14))) == Snapshot(Self.loaded()))
        var expected = Self.loaded()
        expected.pageRequest = Self.request(page: 2)
        #expect(Snapshot(Self.loaded().reduced(by: .display(row: 19))) == Snapshot(expected))
    }

    @Test func selectingNearTheEndWhileAPageLoadsAsksForNothingMore() {
        // T6: one request per page, however fast the keys come.
        var loading = Self.loaded(selectedRow: 15)
        loading.pageRequest = Self.request(page: 2)
        var expected = loading
        expected.selectedRow = 19
        #expect(Snapshot(loading.reduced(by: .select(row: 19))) == Snapshot(expected))
    }

    @Test func selectingARowTheListDoesNotHaveChangesNothing() {
        // T5, E7: a move for a row the list no longer has (after a reload) is ignored.
        let state = Self.loaded(selectedRow: 3)
        #expect(Snapshot(state.reduced(by: .select(row: 20))) == Snapshot(state))
        let reloading = State(timeWindow: .day, pageRequest: Self.request(.day, page: 1))
        #expect(Snapshot(reloading.reduced(by: .select(row: 0))) == Snapshot(reloading))
    }

    @Test func thePageAskedForIsAppendedAndTheRequestEnds() {
        // T2, T6
        var loading = Self.loaded(selectedRow: 16)
        loading.pageRequest = Self.request(page: 2)
        let next = loading.reduced(
            by: .loaded(Self.page(2, of: 3, Self.movies(21...40)), Self.request(page: 2)))
        var expected = loading
        expected.movieList.append(Self.movies(21...40), page: 2, totalPages: 3)
        expected.pageRequest = nil
        #expect(Snapshot(next) == Snapshot(expected))
        #expect(next.position == "17 / 40")
    }

    @Test func aPageArrivingWithTheSelectionStillNearTheEndAsksForTheNextOne() {
        // T6: the selection is at row 19 of 20; page 2 brings only 3 movies, so row 19 is
        // within four rows of the new last row (22) and page 3 is wanted at once.
        var loading = Self.loaded(selectedRow: 19)
        loading.pageRequest = Self.request(page: 2)
        let next = loading.reduced(
            by: .loaded(Self.page(2, of: 3, Self.movies(21...23)), Self.request(page: 2)))
        #expect(next.movieList.count == 23)
        #expect(next.pageRequest == Self.request(page: 3))
    }

    @Test func anAnswerForAnotherRequestChangesNothing() {
        // E1: the week page arrives after the switch to today.
        let day = State(timeWindow: .day, pageRequest: Self.request(.day, page: 1))
        let staleLoaded = day.reduced(
            by: .loaded(Self.page(1, of: 3, Self.movies(1...20)), Self.request(page: 1)))
        #expect(Snapshot(staleLoaded) == Snapshot(day))
        let staleFailed = day.reduced(by: .failed(.offline, Self.request(page: 1)))
        #expect(Snapshot(staleFailed) == Snapshot(day))
        let nothingAsked = Self.loaded().reduced(
            by: .loaded(Self.page(2, of: 3, Self.movies(21...40)), Self.request(page: 2)))
        #expect(Snapshot(nothingAsked) == Snapshot(Self.loaded()))
    }

    @Test func aFailureEndsTheRequestAndKeepsTheList() {
        // T9
        var loading = Self.loaded(selectedRow: 18)
        loading.pageRequest = Self.request(page: 2)
        let next = loading.reduced(by: .failed(.serverError(status: 503), Self.request(page: 2)))
        var expected = Self.loaded(selectedRow: 18)
        expected.loadError = .serverError(status: 503)
        #expect(Snapshot(next) == Snapshot(expected))
        let message = TMDBError.serverError(status: 503).message
        #expect(next.status == .failed("Couldn't load more: \(message) r to retry"))
    }

    @Test func aPageThatAddsNoNewMovieDoesNotAskForTheNextOne() {
        // T6, T7: only the user's next move asks again, so a run of repeated pages cannot
        // loop through requests by itself.
        var loading = Self.loaded(selectedRow: 19)
        loading.pageRequest = Self.request(page: 2)
        let next = loading.reduced(
            by: .loaded(Self.page(2, of: 3, Self.movies(1...20)), Self.request(page: 2)))
        var expected = Self.loaded(selectedRow: 19)
        expected.movieList.append(Self.movies(1...20), page: 2, totalPages: 3)
        #expect(Snapshot(next) == Snapshot(expected))
        #expect(next.reduced(by: .select(row: 18)).pageRequest == Self.request(page: 3))
    }

    @Test func theOutputsSayWhatTheStateHolds() {
        // T1, T9, T12
        let initial = State(timeWindow: .week, dataSourceName: "TMDB")
        #expect(initial.title == "Trending movies")
        #expect(initial.subtitle == "this week · TMDB")
        #expect(initial.position == "")
        let loading = initial.reduced(by: .reload)
        #expect(loading.isLoadingFirstPage)
        #expect(loading.message == nil)
        #expect(loading.status == .hint("t today/this week · r reload · ? help · q quit"))
        let empty = loading.reduced(by: .loaded(Self.page(1, of: 1, []), Self.request(page: 1)))
        #expect(
            empty.message
                == .init(
                    text: "No trending movies right now.",
                    hint: "t switches between today and this week", isError: false))
        let failed = loading.reduced(by: .failed(.offline, Self.request(page: 1)))
        #expect(
            failed.message
                == .init(text: TMDBError.offline.message, hint: "r to retry", isError: true))
        #expect(
            Self.loaded(selectedRow: 11).status
                == .hint("↑↓ move · enter open · / search · t today/this week · ? help · q quit"))
        #expect(Self.loaded(selectedRow: 11).position == "12 / 20")
    }
}

/// The list as Input → Output on virtual time (one tick is one millisecond; in RxTest,
/// `TestScheduler(initialClock: 0, resolution: 0.001)`): the inputs are hot observables on a
/// `TestScheduler`, and each output is recorded on its own, with the virtual time of each
/// value, as RxTest records them. Each output sends only what changed, so a move sends a
/// position and no rows. Pages come from an `HTTPStub` through the shared client; while a page
/// is on its way the clock stands still, so it lands at the time of the input that asked for it.
@MainActor
@Suite(.sharingTMDBClient)
struct TrendingViewModelTests {
    typealias Status = TrendingViewModel.Status

    /// What the user does, on one timeline; each case feeds one of the view model's inputs,
    /// so inputs at the same virtual time arrive in the order written (a burst).
    enum UserInput {
        case viewDidLoad
        case toggleTimeWindow
        case retry
        case select(Int)
        case display(Int)
        case open(Int)
    }

    /// A view model whose inputs play `inputs`, with every output recorded from time 200.
    @MainActor
    final class Harness {
        let scheduler = TestScheduler()
        let viewModel: TrendingViewModel
        let title: TestableObserver<String>
        let subtitle: TestableObserver<String>
        let position: TestableObserver<String>
        let rows: TestableObserver<MovieRows<Movie>>
        let selectedRow: TestableObserver<Int>
        let isLoading: TestableObserver<Bool>
        let message: TestableObserver<ListMessage?>
        let status: TestableObserver<Status>
        let openedMovies: TestableObserver<Movie>
        /// Counts every value any output sends, so that a wait wakes on each.
        private let values = Tally()
        private let disposeBag = DisposeBag()

        init(timeWindow: TimeWindow = .week, inputs: [Recorded<Event<UserInput>>]) {
            let inputs = scheduler.createHotObservable(inputs).asObservable()
            func signal<Value>(_ pick: @escaping (UserInput) -> Value?) -> Signal<Value> {
                inputs.compactMap(pick).asSignal(onErrorSignalWith: .empty())
            }
            viewModel = TrendingViewModel(timeWindow: timeWindow)
            let output = viewModel.transform(
                input: TrendingViewModel.Input(
                    viewDidLoad: signal { if case .viewDidLoad = $0 { () } else { nil } },
                    toggleTimeWindow: signal { if case .toggleTimeWindow = $0 { () } else { nil } },
                    retry: signal { if case .retry = $0 { () } else { nil } },
                    selection: signal { if case .select(let row) = $0 { row } else { nil } },
                    rowWillDisplay: signal { if case .display(let row) = $0 { row } else { nil } },
                    selectMovie: signal { if case .open(let row) = $0 { row } else { nil } },
                    hasRoomForPreview: .just(false)))
            title = scheduler.createObserver(String.self)
            subtitle = scheduler.createObserver(String.self)
            position = scheduler.createObserver(String.self)
            rows = scheduler.createObserver(MovieRows<Movie>.self)
            selectedRow = scheduler.createObserver(Int.self)
            isLoading = scheduler.createObserver(Bool.self)
            message = scheduler.createObserver(ListMessage?.self)
            status = scheduler.createObserver(Status.self)
            openedMovies = scheduler.createObserver(Movie.self)
            scheduler.scheduleAt(TestScheduler.Defaults.subscribed) { [self] in
                record(output.title, on: title)
                record(output.subtitle, on: subtitle)
                record(output.position, on: position)
                record(output.rows, on: rows)
                record(output.selectedRow, on: selectedRow)
                record(output.isLoading, on: isLoading)
                record(output.message, on: message)
                record(output.status, on: status)
                output.selectedMovie.emit(to: openedMovies).disposed(by: disposeBag)
            }
        }

        private func record<Value>(_ output: Driver<Value>, on observer: TestableObserver<Value>) {
            output.drive(onNext: { [values] value in
                observer.on(.next(value))
                values.increment()
            })
            .disposed(by: disposeBag)
        }

        /// Runs the inputs up to `time`, then waits, with the clock standing still, until
        /// `condition` holds: the answers to what was asked have arrived.
        func advance(to time: TestTime, until condition: @MainActor () -> Bool) async -> Bool {
            scheduler.advance(to: time)
            return await waitUntil {
                _ = values.count
                return condition()
            }
        }

        /// Each value of `rows`, as "first … last (count)" by title, or "none".
        var rowSummaries: [Recorded<Event<String>>] {
            rows.events.compactMap { recorded in
                recorded.value.element.map { rows in
                    guard let first = rows.first, let last = rows.last else {
                        return .next(recorded.time, "none")
                    }
                    return .next(recorded.time, "\(first.title) … \(last.title) (\(rows.count))")
                }
            }
        }

        /// The rows last sent.
        var latestRows: [MovieRow] { rows.events.last?.value.element.map(Array.init) ?? [] }

        /// Each value of `message`, by its text.
        var messageTexts: [Recorded<Event<String?>>] {
            message.events.compactMap { recorded in
                recorded.value.element.map { .next(recorded.time, $0?.text) }
            }
        }

        /// Each value of `status` in a word: the count alone when the list ended, as the key
        /// hints that follow it are the same every time.
        var statusSummaries: [Recorded<Event<String>>] {
            status.events.compactMap { recorded in
                recorded.value.element.map { status in
                    let summary =
                        switch status {
                        case .hint: "hint"
                        case .activity("Loading more…"): "loading more"
                        case .activity(let text): text
                        case .failed: "failed"
                        case .ended(let text): String(text.split(separator: " · ")[0])
                        }
                    return .next(recorded.time, summary)
                }
            }
        }

        /// The movies Enter opened, by title, with their virtual time.
        var openedTitles: [Recorded<Event<String>>] {
            openedMovies.events.compactMap { recorded in
                recorded.value.element.map { .next(recorded.time, $0.title) }
            }
        }
    }

    let stub = HTTPStub()

    init() {
        stub.installAsSharedClient()
    }

    private func stubPage(
        _ page: Int, of totalPages: Int = 3, _ movies: [Fixtures.Movie],
        timeWindow: TimeWindow = .week, delay: Duration = .zero
    ) {
        stub.respond(
            to: "/3/trending/movie/\(timeWindow.rawValue)", query: ["page": "\(page)"],
            with: Fixtures.page(page, of: totalPages, movies, delay: delay))
    }

    /// The rows of a first load of movies 1…20 at 210.
    private static let firstRows: [Recorded<Event<String>>] = [
        .next(200, "none"), .next(210, "Movie 1 … Movie 20 (20)"),
    ]

    // MARK: First page (T1, T2, T9)

    @Test func theFirstPageShowsAfterALoadingState() async throws {
        // T1, T2, T9
        stubPage(
            1, of: 1,
            [
                Fixtures.Movie(id: 1, title: "Dune: Part Two"),
                Fixtures.Movie(id: 2, title: "Undated", releaseDate: ""),
                Fixtures.Movie(id: 3, title: "Unrated", voteCount: 0),
            ])
        let harness = Harness(inputs: [.next(210, .viewDidLoad)])

        #expect(await harness.advance(to: 210) { harness.isLoading.events.count == 3 })

        #expect(harness.title.events == [.next(200, "Trending movies")])
        #expect(harness.subtitle.events == [.next(200, "this week · TMDB")])
        #expect(
            harness.isLoading.events == [.next(200, false), .next(210, true), .next(210, false)])
        #expect(
            harness.messageTexts == [.next(200, "No trending movies right now."), .next(210, nil)])
        #expect(
            harness.rowSummaries == [
                .next(200, "none"), .next(210, "Dune: Part Two … Unrated (3)"),
            ])
        #expect(
            harness.latestRows == [
                .init(rank: "1", title: "Dune: Part Two", year: "2024", rating: "★ 7.4"),
                .init(rank: "2", title: "Undated", year: "—", rating: "★ 7.4"),
                .init(rank: "3", title: "Unrated", year: "2024", rating: "no rating"),
            ])
        #expect(harness.position.events == [.next(200, ""), .next(210, "1 / 3")])
        #expect(harness.statusSummaries == [.next(200, "hint"), .next(210, "All 3 movies")])
        #expect(stub.pageRequests(page: 1).count == 1)
    }

    @Test func aFirstPageFailureShowsTheMessageAndRetryLoadsThePage() async {
        // T9: the output keeps flowing after an error.
        stub.respond(
            to: "/3/trending/movie/week", query: ["page": "1"],
            withSequence: [
                .failure(.notConnectedToInternet), Fixtures.page(1, of: 3, Fixtures.movies(1...20)),
            ])
        let harness = Harness(inputs: [.next(210, .viewDidLoad), .next(300, .retry)])

        #expect(await harness.advance(to: 210) { harness.isLoading.events.count == 3 })
        #expect(await harness.advance(to: 300) { harness.isLoading.events.count == 5 })

        #expect(
            harness.isLoading.events == [
                .next(200, false), .next(210, true), .next(210, false), .next(300, true),
                .next(300, false),
            ])
        #expect(
            harness.messageTexts == [
                .next(200, "No trending movies right now."), .next(210, nil),
                .next(210, TMDBError.offline.message), .next(300, nil),
            ])
        #expect(harness.message.events[2].value.element??.isError == true)
        #expect(
            harness.rowSummaries == [.next(200, "none"), .next(300, "Movie 1 … Movie 20 (20)")])
        #expect(stub.pageRequests(page: 1).count == 2)
    }

    // MARK: Paging (T6, T7, T8, T9)

    @Test func comingNearTheEndRequestsTheNextPageOnceWhateverTheKeysDoMeanwhile() async {
        // T6: a burst of moves at 320 while page 2 is on its way asks for nothing more. The
        // moves change the position, not the rows: the rows are sent when a page arrives.
        stubPage(2, Fixtures.movies(21...40))
        stubPage(1, Fixtures.movies(1...20))
        let harness = Harness(inputs: [
            .next(210, .viewDidLoad), .next(300, .select(14)), .next(310, .select(15)),
            .next(320, .select(16)), .next(320, .select(19)), .next(320, .select(18)),
        ])

        #expect(await harness.advance(to: 210) { harness.rows.events.count == 2 })
        #expect(await harness.advance(to: 320) { harness.rows.events.count == 3 })

        #expect(
            harness.position.events == [
                .next(200, ""), .next(210, "1 / 20"), .next(300, "15 / 20"), .next(310, "16 / 20"),
                .next(320, "17 / 20"), .next(320, "20 / 20"), .next(320, "19 / 20"),
                .next(320, "19 / 40"),
            ])
        #expect(harness.rowSummaries == Self.firstRows + [.next(320, "Movie 1 … Movie 40 (40)")])
        #expect(
            harness.statusSummaries == [
                .next(200, "hint"), .next(210, "hint"), .next(310, "loading more"),
                .next(320, "hint"),
            ])
        #expect(stub.pageRequests(page: 2).count == 1)
        #expect(stub.pageRequests(page: 3).isEmpty)
    }

    @Test func duplicatesAndAdultTitlesNeverShowAndTheLastPageEndsTheList() async {
        // T7, T8: page 2 of 2 repeats movies 19 and 20, and movie 25 is adult.
        var second = Fixtures.movies(19...30)
        second[6].isAdult = true
        stubPage(2, of: 2, second)
        stubPage(1, of: 2, Fixtures.movies(1...20))
        let harness = Harness(inputs: [
            .next(210, .viewDidLoad), .next(300, .select(19)), .next(400, .select(28)),
        ])

        #expect(await harness.advance(to: 210) { harness.rows.events.count == 2 })
        #expect(await harness.advance(to: 300) { harness.rows.events.count == 3 })
        #expect(await harness.advance(to: 400) { harness.position.events.count == 5 })

        #expect(harness.rowSummaries == Self.firstRows + [.next(300, "Movie 1 … Movie 30 (29)")])
        #expect(
            harness.latestRows.map(\.title)
                == (Array(1...24) + Array(26...30)).map { "Movie \($0)" })
        #expect(
            harness.position.events == [
                .next(200, ""), .next(210, "1 / 20"), .next(300, "20 / 20"), .next(300, "20 / 29"),
                .next(400, "29 / 29"),
            ])
        #expect(
            harness.statusSummaries == [
                .next(200, "hint"), .next(210, "hint"), .next(300, "loading more"),
                .next(300, "All 29 movies"),
            ])
        #expect(stub.pageRequests(page: 2).count == 1)
        #expect(stub.pageRequests(page: 3).isEmpty)
    }

    @Test func aFailedNextPageKeepsTheListAndRetryFetchesIt() async {
        // T9
        stub.respond(
            to: "/3/trending/movie/week", query: ["page": "2"],
            withSequence: [
                .tmdbError(statusCode: 503, code: 46, message: "Maintenance."),
                Fixtures.page(2, of: 3, Fixtures.movies(21...40)),
            ])
        stubPage(1, Fixtures.movies(1...20))
        let harness = Harness(inputs: [
            .next(210, .viewDidLoad), .next(300, .select(19)), .next(400, .retry),
        ])

        #expect(await harness.advance(to: 210) { harness.rows.events.count == 2 })
        #expect(await harness.advance(to: 300) { harness.status.events.count == 4 })
        let message = TMDBError.serverError(status: 503).message
        #expect(
            harness.status.events.last?.value.element
                == .failed("Couldn't load more: \(message) r to retry"))
        #expect(await harness.advance(to: 400) { harness.rows.events.count == 3 })

        #expect(
            harness.statusSummaries == [
                .next(200, "hint"), .next(210, "hint"), .next(300, "loading more"),
                .next(300, "failed"), .next(400, "loading more"), .next(400, "hint"),
            ])
        #expect(harness.rowSummaries == Self.firstRows + [.next(400, "Movie 1 … Movie 40 (40)")])
        #expect(
            harness.position.events == [
                .next(200, ""), .next(210, "1 / 20"), .next(300, "20 / 20"), .next(400, "20 / 40"),
            ])
        #expect(stub.pageRequests(page: 1).count == 1)
        #expect(stub.pageRequests(page: 2).count == 2)
    }

    // MARK: Switching (T10, E1)

    @Test func toggleWindowLoadsTheOtherWindowWithTheSelectionAtTheTop() async {
        // T10
        stubPage(1, Fixtures.movies(1...20))
        stubPage(1, Fixtures.movies(101...120, prefix: "Day"), timeWindow: .day)
        let harness = Harness(inputs: [
            .next(210, .viewDidLoad), .next(300, .select(3)), .next(400, .toggleTimeWindow),
        ])

        #expect(await harness.advance(to: 210) { harness.isLoading.events.count == 3 })
        #expect(await harness.advance(to: 400) { harness.rows.events.count == 3 })

        #expect(
            harness.subtitle.events == [.next(200, "this week · TMDB"), .next(400, "today · TMDB")])
        #expect(
            harness.rowSummaries
                == Self.firstRows + [.next(400, "Day 101 … Day 120 (20)")])
        #expect(
            harness.position.events == [
                .next(200, ""), .next(210, "1 / 20"), .next(300, "4 / 20"), .next(400, "1 / 20"),
            ])
        #expect(harness.selectedRow.events == [.next(200, 0), .next(300, 3), .next(400, 0)])
        #expect(
            harness.isLoading.events == [.next(200, false), .next(210, true), .next(210, false)],
            "the week's rows stay in view until the day page replaces them")
        #expect(
            harness.statusSummaries == [
                .next(200, "hint"), .next(210, "hint"), .next(400, "Reloading…"),
                .next(400, "hint"),
            ])
        #expect(stub.pageRequests(.day, page: 1).count == 1)
    }

    @Test func theWeekPageInFlightWhenTheWindowSwitchesNeverShows() async {
        // E1, T10: the switch stops the wait for the week page; the page itself still comes
        // in 300 ms later, to nobody, and only the day page shows.
        stubPage(1, Fixtures.movies(1...20, prefix: "Week"), delay: .milliseconds(300))
        stubPage(1, Fixtures.movies(101...120, prefix: "Day"), timeWindow: .day)
        let harness = Harness(inputs: [.next(210, .viewDidLoad), .next(300, .toggleTimeWindow)])

        #expect(await harness.advance(to: 210) { harness.isLoading.events.count == 2 })
        #expect(
            await stub.waitUntil(timeout: .seconds(60)) {
                $0.pageRequests(.week, page: 1).count == 1
            })
        #expect(await harness.advance(to: 300) { harness.rows.events.count == 2 })
        #expect(
            await stub.waitUntil(timeout: .seconds(60)) { $0.isIdle },
            "the week page was never answered")

        #expect(harness.rowSummaries == [.next(200, "none"), .next(300, "Day 101 … Day 120 (20)")])
        #expect(
            harness.subtitle.events == [.next(200, "this week · TMDB"), .next(300, "today · TMDB")])
        #expect(
            harness.isLoading.events == [.next(200, false), .next(210, true), .next(300, false)])
    }

    @Test func aNextPageInFlightWhenTheWindowSwitchesIsNeverAppended() async {
        // E1, T10: page 2 still comes in 300 ms after the switch, to nobody.
        stubPage(2, Fixtures.movies(21...40), delay: .milliseconds(300))
        stubPage(1, Fixtures.movies(1...20))
        stubPage(1, Fixtures.movies(101...120, prefix: "Day"), timeWindow: .day)
        let harness = Harness(inputs: [
            .next(210, .viewDidLoad), .next(300, .select(19)), .next(400, .toggleTimeWindow),
        ])

        #expect(await harness.advance(to: 210) { harness.rows.events.count == 2 })
        #expect(await harness.advance(to: 300) { harness.status.events.count == 3 })
        #expect(
            await stub.waitUntil(timeout: .seconds(60)) {
                $0.pageRequests(.week, page: 2).count == 1
            })
        #expect(await harness.advance(to: 400) { harness.rows.events.count == 3 })
        #expect(
            await stub.waitUntil(timeout: .seconds(60)) { $0.isIdle },
            "page 2 was never answered")

        #expect(
            harness.rowSummaries
                == Self.firstRows + [.next(400, "Day 101 … Day 120 (20)")])
        #expect(
            harness.statusSummaries == [
                .next(200, "hint"), .next(210, "hint"), .next(300, "loading more"),
                .next(400, "Reloading…"), .next(400, "hint"),
            ])
    }

    // MARK: Enter (T11, E7)

    @Test func enterOpensTheRowOfTheListAsItIsWhenEnterArrives() async {
        // T11, E7, T10: Enter right after `t` opens the row in view, the week's, as the rows
        // stay until the day page replaces them; after it, row 0 is Day 101 and row 20 none.
        stubPage(1, Fixtures.movies(1...20))
        stubPage(1, Fixtures.movies(101...120, prefix: "Day"), timeWindow: .day)
        let harness = Harness(inputs: [
            .next(210, .viewDidLoad), .next(300, .open(2)),
            .next(400, .toggleTimeWindow), .next(400, .open(2)),
            .next(500, .open(0)), .next(510, .open(20)),
        ])

        #expect(await harness.advance(to: 210) { harness.rows.events.count == 2 })
        #expect(await harness.advance(to: 400) { harness.rows.events.count == 3 })
        harness.scheduler.advance(to: 600)

        #expect(
            harness.openedTitles == [
                .next(300, "Movie 3"), .next(400, "Movie 3"), .next(500, "Day 101"),
            ])
        #expect(
            harness.rowSummaries
                == Self.firstRows + [.next(400, "Day 101 … Day 120 (20)")])
    }

    /// The inputs' times: all at 300 (a paste), or one every 10 ms (slow typing).
    nonisolated static let burstAndSlowTyping: [[TestTime]] = [
        Array(repeating: 300, count: 7), Array(stride(from: 300, through: 360, by: 10)),
    ]

    @Test(arguments: burstAndSlowTyping)
    func aBurstEndsWhereTheSameKeysTypedSlowlyEnd(times: [TestTime]) async {
        // E7: no answer arrives between the keys, so each key acts on the state the keys
        // before it left, whether they come at once or one by one.
        stubPage(1, Fixtures.movies(1...20))
        stubPage(1, Fixtures.movies(101...120, prefix: "Day"), timeWindow: .day)
        let keys: [UserInput] = [
            .select(1), .select(2), .open(2), .toggleTimeWindow, .open(0), .select(1), .retry,
        ]
        let harness = Harness(
            inputs: [.next(210, .viewDidLoad)]
                + zip(times, keys).map { time, key in .next(time, key) })

        #expect(await harness.advance(to: 210) { harness.rows.events.count == 2 })
        #expect(await harness.advance(to: 400) { harness.rows.events.count == 3 })

        #expect(
            harness.position.events.dropFirst(2).map(\.value) == [
                .next("2 / 20"), .next("3 / 20"), .next("2 / 20"), .next("1 / 20"),
            ])
        #expect(
            harness.rowSummaries.dropFirst(2).map(\.value) == [.next("Day 101 … Day 120 (20)")])
        #expect(
            harness.subtitle.events.map(\.value) == [
                .next("this week · TMDB"), .next("today · TMDB"),
            ])
        #expect(harness.openedTitles.map(\.value) == [.next("Movie 3"), .next("Movie 1")])
        #expect(stub.pageRequests(.day, page: 1).count == 1)
    }
}
