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

/// The search's reducer alone: each action on a given state gives exactly one next state.
@MainActor
struct SearchStateTests {
    typealias State = SearchViewModel.State
    typealias PageRequest = SearchViewModel.PageRequest

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

    @Test func aSearchStartsFromPageOneWithTheSelectionAtTheTop() {
        // S4, S5
        var state = State(
            query: "dun", movieList: Self.list(Self.movies(1...20), of: 3), selectedRow: 7)
        state = state.reduced(by: .search("dune"))
        #expect(state.query == "dune")
        #expect(state.movieList.isEmpty)
        #expect(state.pageRequest == PageRequest(query: "dune", page: 1))
        #expect(state.selectedRow == 0)
        #expect(state.isSearching)
    }

    @Test func anAnswerForAnotherQueryChangesNothing() {
        // S4, E1: "dun"'s page arrives after "dune" was sent.
        let waiting = State().reduced(by: .search("dune"))
        let late = waiting.reduced(
            by: .loaded(Self.page(1, of: 1, Self.movies(1...3)), PageRequest(query: "dun", page: 1))
        )
        #expect(late.movieList.isEmpty)
        #expect(late.pageRequest == PageRequest(query: "dune", page: 1))
        let lateFailure = waiting.reduced(by: .failed(.offline, PageRequest(query: "dun", page: 1)))
        #expect(lateFailure.loadError == nil)
        #expect(lateFailure.pageRequest == PageRequest(query: "dune", page: 1))
    }

    @Test func retryAfterAFailedFirstPageSearchesTheQueryAgain() {
        // S6
        var failed = State().reduced(by: .search("dune"))
        failed = failed.reduced(by: .failed(.offline, PageRequest(query: "dune", page: 1)))
        #expect(failed.message?.isError == true)
        #expect(failed.message?.hint == "r to retry")
        let retried = failed.reduced(by: .retry)
        #expect(retried.pageRequest == PageRequest(query: "dune", page: 1))
        #expect(retried.loadError == nil)
        #expect(State().reduced(by: .retry).pageRequest == nil, "no query, nothing to retry")
    }
}

/// The search as Input → Output on virtual time (one tick is one millisecond; in RxTest,
/// `TestScheduler(initialClock: 0, resolution: 0.001)`): the text and the keys are hot
/// observables on a `TestScheduler`, and each output is recorded on its own, with the virtual
/// time of each value, as RxTest records them. The 300 ms debounce runs on the same scheduler,
/// so it fires at an exact virtual time; answers come from an `HTTPStub` through the shared
/// client, and while one is on its way the clock stands still, so it lands at the time of the
/// pause that sent it.
@MainActor
@Suite(.sharingTMDBClient)
struct SearchViewModelTests {
    typealias Status = SearchViewModel.Status

    /// What the user does, on one timeline; inputs at the same virtual time arrive in the
    /// order written.
    enum UserInput {
        case text(String)
        case retry
        case select(Int)
        case display(Int)
        case open(Int)
    }

    /// A view model whose inputs play `inputs`, with every output recorded from time 200.
    @MainActor
    final class Harness {
        let scheduler = TestScheduler()
        let viewModel: SearchViewModel
        let subtitle: TestableObserver<String>
        let position: TestableObserver<String>
        let rows: TestableObserver<MovieRows<Movie>>
        let isSearching: TestableObserver<Bool>
        let message: TestableObserver<ListMessage?>
        let status: TestableObserver<Status>
        let isRetryEnabled: TestableObserver<Bool>
        let openedMovies: TestableObserver<Movie>
        /// Counts every value any output sends, so that a wait wakes on each.
        private let values = Tally()
        private let disposeBag = DisposeBag()

        init(inputs: [Recorded<Event<UserInput>>]) {
            let inputs = scheduler.createHotObservable(inputs).asObservable()
            func signal<Value>(_ pick: @escaping (UserInput) -> Value?) -> Signal<Value> {
                inputs.compactMap(pick).asSignal(onErrorSignalWith: .empty())
            }
            viewModel = SearchViewModel(scheduler: scheduler)
            let output = viewModel.transform(
                input: SearchViewModel.Input(
                    text: signal { if case .text(let text) = $0 { text } else { nil } },
                    retry: signal { if case .retry = $0 { () } else { nil } },
                    selection: signal { if case .select(let row) = $0 { row } else { nil } },
                    rowWillDisplay: signal { if case .display(let row) = $0 { row } else { nil } },
                    selectMovie: signal { if case .open(let row) = $0 { row } else { nil } },
                    hasRoomForPreview: .just(false)))
            subtitle = scheduler.createObserver(String.self)
            position = scheduler.createObserver(String.self)
            rows = scheduler.createObserver(MovieRows<Movie>.self)
            isSearching = scheduler.createObserver(Bool.self)
            message = scheduler.createObserver(ListMessage?.self)
            status = scheduler.createObserver(Status.self)
            isRetryEnabled = scheduler.createObserver(Bool.self)
            openedMovies = scheduler.createObserver(Movie.self)
            scheduler.scheduleAt(TestScheduler.Defaults.subscribed) { [self] in
                record(output.subtitle, on: subtitle)
                record(output.position, on: position)
                record(output.rows, on: rows)
                record(output.isSearching, on: isSearching)
                record(output.message, on: message)
                record(output.status, on: status)
                record(output.isRetryEnabled, on: isRetryEnabled)
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

        /// Each value of `status` in a word: the count alone when the results ended, as the
        /// key hints that follow it are the same every time.
        var statusSummaries: [Recorded<Event<String>>] {
            status.events.compactMap { recorded in
                recorded.value.element.map { status in
                    let summary =
                        switch status {
                        case .hint: "hint"
                        case .activity("Searching…"): "searching"
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

    nonisolated static let searchPath = "/3/search/movie"

    let stub = HTTPStub()

    init() {
        stub.installAsSharedClient()
    }

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

    // MARK: S2 — the debounce

    @Test func theQueryIsSentThreeHundredMillisecondsAfterTheLastEdit() async {
        // S2: edits at 210, 220 and 400; the pause ends at 700, not before, and sends the
        // query at once: the indicator shows from the first edit to the answer, unbroken.
        stubSearch("dune", [Fixtures.Movie(id: 1, title: "Dune: Part Two")])
        let harness = Harness(inputs: [
            .next(210, .text("d")), .next(220, .text("du")), .next(400, .text("dune")),
        ])

        #expect(await harness.advance(to: 699) { harness.isSearching.events.count == 2 })
        #expect(sentQueries.isEmpty, "299 ms after the last edit nothing is sent")
        #expect(await harness.advance(to: 700) { harness.isSearching.events.count == 3 })

        #expect(
            harness.isSearching.events == [.next(200, false), .next(210, true), .next(700, false)])
        #expect(harness.subtitle.events == [.next(200, ""), .next(700, "“dune”")])
        #expect(
            harness.rowSummaries == [
                .next(200, "none"), .next(700, "Dune: Part Two … Dune: Part Two (1)"),
            ])
        #expect(
            harness.statusSummaries == [
                .next(200, "hint"), .next(210, "searching"), .next(700, "1 movie"),
            ])
        #expect(sentQueries == ["dune"])
    }

    @Test func trimmedRepeatsAndEmptyTextSendNothingMore() async {
        // S2: " dune " is "dune"; "dune" again is the query last sent; "  " is empty, and
        // S10: an empty query forgets the results.
        stubSearch("dune", [Fixtures.Movie(id: 1, title: "Dune: Part Two")])
        let harness = Harness(inputs: [
            .next(210, .text(" dune ")), .next(600, .text("dune")), .next(1000, .text("  ")),
        ])

        #expect(await harness.advance(to: 510) { harness.rows.events.count == 2 })
        #expect(await harness.advance(to: 1400) { harness.rows.events.count == 3 })

        #expect(harness.subtitle.events == [.next(200, ""), .next(510, "“dune”"), .next(1000, "")])
        #expect(
            harness.rowSummaries == [
                .next(200, "none"), .next(510, "Dune: Part Two … Dune: Part Two (1)"),
                .next(1000, "none"),
            ])
        #expect(
            harness.statusSummaries == [
                .next(200, "hint"), .next(210, "searching"), .next(510, "1 movie"),
                // "dune" again waits for the pause, then leaves the results as they are.
                .next(600, "searching"), .next(900, "1 movie"), .next(1000, "hint"),
            ])
        #expect(sentQueries == ["dune"])
    }

    // MARK: S3 — a syllable being composed

    @Test func aLoneJamoAtTheEndWaitsForTheSyllable() async {
        // S3: 기생ㅊ at 210 is not sent at 510; 기생충 at 600 is, at 900.
        stubSearch("기생충", [Fixtures.Movie(id: 496_243, title: "Parasite")])
        let harness = Harness(inputs: [.next(210, .text("기생ㅊ")), .next(600, .text("기생충"))])

        #expect(await harness.advance(to: 600) { harness.isSearching.events.count == 4 })
        #expect(sentQueries.isEmpty)
        #expect(await harness.advance(to: 900) { harness.isSearching.events.count == 5 })

        #expect(
            harness.isSearching.events == [
                .next(200, false), .next(210, true), .next(510, false), .next(600, true),
                .next(900, false),
            ])
        #expect(
            harness.statusSummaries == [
                .next(200, "hint"), .next(210, "searching"), .next(510, "hint"),
                .next(600, "searching"), .next(900, "1 movie"),
            ])
        #expect(harness.rowSummaries.last == .next(900, "Parasite … Parasite (1)"))
        #expect(sentQueries == ["기생충"])
    }

    // MARK: S4 — only the newest answer

    @Test func theEarlierQuerysLateAnswerNeverShows() async {
        // S4, E1: "dun" is sent at 510 and answers 300 ms (real) late; "dune" is sent at 820
        // and answers at once. flatMapLatest stops waiting for "dun", whose answer goes nowhere.
        stubSearch("dun", [Fixtures.Movie(id: 1, title: "Old Answer")], delay: .milliseconds(300))
        stubSearch("dune", [Fixtures.Movie(id: 2, title: "New Answer")])
        let harness = Harness(inputs: [.next(210, .text("dun")), .next(520, .text("dune"))])

        #expect(await harness.advance(to: 510) { harness.subtitle.events.count == 2 })
        #expect(
            await stub.waitUntil(timeout: .seconds(60)) {
                $0.requests(path: Self.searchPath).count == 1
            })
        #expect(await harness.advance(to: 820) { harness.rows.events.count == 2 })
        #expect(
            await stub.waitUntil(timeout: .seconds(60)) { $0.isIdle },
            "the answer for \"dun\" never came")

        #expect(
            harness.subtitle.events == [.next(200, ""), .next(510, "“dun”"), .next(820, "“dune”")])
        #expect(
            harness.rowSummaries == [.next(200, "none"), .next(820, "New Answer … New Answer (1)")])
        #expect(
            harness.isSearching.events == [.next(200, false), .next(210, true), .next(820, false)])
        #expect(sentQueries == ["dun", "dune"])
    }

    // MARK: S5, S6, S7 — the results

    @Test func resultsPageOnceAndEnterOpensTheMovieOnThatRow() async {
        // S5: page 2 repeats movie 20 and holds an adult title (22); S7: Enter on row 20.
        var second = Fixtures.movies(20...25)
        second[2].isAdult = true
        stubSearch("movie", page: 1, of: 2, Fixtures.movies(1...20))
        stubSearch("movie", page: 2, of: 2, second)
        let harness = Harness(inputs: [
            .next(210, .text("movie")), .next(600, .select(15)), .next(600, .select(19)),
            .next(700, .open(20)), .next(700, .open(99)),
        ])

        #expect(await harness.advance(to: 510) { harness.rows.events.count == 2 })
        #expect(await harness.advance(to: 600) { harness.rows.events.count == 3 })
        #expect(await harness.advance(to: 700) { harness.rows.events.count == 3 })

        #expect(
            harness.position.events == [
                .next(200, ""), .next(510, "1 / 20"), .next(600, "16 / 20"), .next(600, "20 / 20"),
                .next(600, "20 / 24"),
            ])
        #expect(
            harness.rowSummaries == [
                .next(200, "none"), .next(510, "Movie 1 … Movie 20 (20)"),
                .next(600, "Movie 1 … Movie 25 (24)"),
            ])
        #expect(
            harness.statusSummaries == [
                .next(200, "hint"), .next(210, "searching"), .next(510, "hint"),
                .next(600, "loading more"), .next(600, "All 24 movies"),
            ])
        #expect(harness.openedTitles == [.next(700, "Movie 21")], "row 99 does not exist")
        #expect(stub.requests(path: Self.searchPath, query: ["page": "2"]).count == 1)
        #expect(
            harness.latestRows.map(\.title)
                == (Array(1...21) + Array(23...25)).map { "Movie \($0)" })
    }

    @Test func aFailureShowsItsMessageAndRetrySendsTheQueryAgain() async {
        // S6, T9: the output keeps flowing after a failure, and `r` applies once a query has
        // been sent.
        stub.respond(
            to: Self.searchPath, query: ["query": "dune"],
            withSequence: [
                .failure(.notConnectedToInternet),
                Fixtures.page(1, of: 1, [Fixtures.Movie(id: 1, title: "Dune")]),
            ])
        let harness = Harness(inputs: [.next(210, .text("dune")), .next(600, .retry)])

        #expect(await harness.advance(to: 510) { harness.isSearching.events.count == 3 })
        #expect(await harness.advance(to: 600) { harness.isSearching.events.count == 5 })

        #expect(
            harness.messageTexts == [
                .next(200, nil), .next(510, TMDBError.offline.message), .next(600, nil),
            ])
        #expect(
            harness.isSearching.events == [
                .next(200, false), .next(210, true), .next(510, false), .next(600, true),
                .next(600, false),
            ])
        #expect(harness.isRetryEnabled.events == [.next(200, false), .next(510, true)])
        #expect(harness.rowSummaries.last == .next(600, "Dune … Dune (1)"))
        #expect(sentQueries == ["dune", "dune"])
    }

    @Test func noMatchSaysSo() async {
        // S6
        stubSearch("zzz", [])
        let harness = Harness(inputs: [.next(210, .text("zzz"))])

        #expect(await harness.advance(to: 510) { harness.message.events.count == 2 })

        #expect(harness.messageTexts == [.next(200, nil), .next(510, "No movies match “zzz”.")])
        #expect(harness.rowSummaries == [.next(200, "none")])
    }
}
