import Foundation
import MovieDomain
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

/// The search as Input → Output on virtual time: the text and the keys are hot observables on
/// a `TestScheduler`, the states are recorded with the virtual time each came at, and every
/// state is checked, in order. The 300 ms debounce runs on the same scheduler, so it fires at
/// an exact virtual time; answers come from an `HTTPStub` through the shared client, and while
/// one is on its way the clock stands still, so it lands at the time of the pause that sent it.
@MainActor
@Suite(.sharingTMDBClient)
struct SearchViewModelTests {
    typealias State = SearchViewModel.State

    /// What the user does, on one timeline; inputs at the same virtual time arrive in the
    /// order written.
    enum UserInput {
        case text(String)
        case retry
        case select(Int)
        case display(Int)
        case open(Int)
    }

    /// A view model whose inputs play `inputs`, with its outputs recorded from time 200.
    @MainActor
    final class Harness {
        let scheduler = TestScheduler()
        let viewModel: SearchViewModel
        let output: SearchViewModel.Output
        let states: TestableObserver<State>
        let openedMovies: TestableObserver<Movie>
        private let stateCount = Tally()
        private let disposeBag = DisposeBag()

        init(inputs: [Recorded<Event<UserInput>>]) {
            let inputs = scheduler.createHotObservable(inputs).asObservable()
            func signal<Value>(_ pick: @escaping (UserInput) -> Value?) -> Signal<Value> {
                inputs.compactMap(pick).asSignal(onErrorSignalWith: .empty())
            }
            viewModel = SearchViewModel(scheduler: scheduler)
            output = viewModel.transform(
                input: SearchViewModel.Input(
                    text: signal { if case .text(let text) = $0 { text } else { nil } },
                    retry: signal { if case .retry = $0 { () } else { nil } },
                    selection: signal { if case .select(let row) = $0 { row } else { nil } },
                    rowWillDisplay: signal { if case .display(let row) = $0 { row } else { nil } },
                    selectMovie: signal { if case .open(let row) = $0 { row } else { nil } }))
            states = scheduler.createObserver(State.self)
            openedMovies = scheduler.createObserver(Movie.self)
            scheduler.scheduleAt(TestScheduler.Defaults.subscribed) { [self] in
                output.state.asObservable()
                    .subscribe { [states, stateCount] event in
                        states.on(event)
                        stateCount.increment()
                    }
                    .disposed(by: disposeBag)
                output.selectedMovie.emit(to: openedMovies).disposed(by: disposeBag)
            }
        }

        /// Runs the inputs up to `time`, then waits, with the clock standing still, until
        /// `count` states have been recorded in all (the answers to what was asked).
        func advance(to time: TestTime, untilStates count: Int) async -> Bool {
            scheduler.advance(to: time)
            return await stateCount.wait(until: count)
        }

        /// Every state so far in a few readable words, with its virtual time.
        var summaries: [Recorded<Event<String>>] {
            states.events.map { recorded in
                switch recorded.value {
                case .next(let state): .next(recorded.time, Self.summary(of: state))
                case .error(let error): .error(recorded.time, error)
                case .completed: .completed(recorded.time)
                }
            }
        }

        var latest: State? { states.events.last?.value.element }

        /// The movies Enter opened, by title, with their virtual time.
        var openedTitles: [Recorded<Event<String>>] {
            openedMovies.events.compactMap { recorded in
                recorded.value.element.map { .next(recorded.time, $0.title) }
            }
        }

        /// "subtitle | body | footer": the body is "searching", the message, the position
        /// with the selected movie's title, or "empty".
        static func summary(of state: State) -> String {
            let body: String
            if state.isSearching {
                body = "searching"
            } else if let message = state.message {
                body = message.text
            } else if state.rowCount > 0 {
                body = "\(state.position) \(state.movieList.movies[state.selectedRow].title)"
            } else {
                body = "empty"
            }
            let footer =
                switch state.footer {
                case .hint: "hint"
                case .searching: "searching"
                case .loadingMore: "loading more"
                case .waiting(let text): text
                case .failed: "failed"
                // The count alone: the key hints that follow it are the same in every state.
                case .ended(let text): String(text.split(separator: " · ")[0])
                }
            return "\(state.subtitle) | \(body) | \(footer)"
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

    private static let idle: Recorded<Event<String>> = .next(200, " | empty | hint")

    // MARK: S2 — the debounce

    @Test func theQueryIsSentThreeHundredMillisecondsAfterTheLastEdit() async {
        // S2: edits at 210, 220 and 400; the pause ends at 700, not before.
        stubSearch("dune", [Fixtures.Movie(id: 1, title: "Dune: Part Two")])
        let harness = Harness(inputs: [
            .next(210, .text("d")), .next(220, .text("du")), .next(400, .text("dune")),
        ])

        #expect(await harness.advance(to: 699, untilStates: 4))
        #expect(sentQueries.isEmpty, "299 ms after the last edit nothing is sent")
        #expect(await harness.advance(to: 700, untilStates: 7))

        #expect(
            harness.summaries == [
                Self.idle,
                .next(210, " | searching | searching"),
                .next(220, " | searching | searching"),
                .next(400, " | searching | searching"),
                .next(700, " | empty | hint"),
                .next(700, "“dune” | searching | searching"),
                .next(700, "“dune” | 1 / 1 Dune: Part Two | 1 movie"),
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

        #expect(await harness.advance(to: 510, untilStates: 5))
        #expect(await harness.advance(to: 1400, untilStates: 9))

        let loaded = "“dune” | 1 / 1 Dune: Part Two | 1 movie"
        #expect(
            harness.summaries == [
                Self.idle,
                .next(210, " | searching | searching"),
                .next(510, " | empty | hint"),
                .next(510, "“dune” | searching | searching"),
                .next(510, loaded),
                .next(600, "“dune” | 1 / 1 Dune: Part Two | searching"),
                .next(900, loaded),
                // "dune" again: the reducer leaves the state as it is, and says so once more.
                .next(900, loaded),
                .next(1000, " | empty | hint"),
                .next(1300, " | empty | hint"),
            ])
        #expect(sentQueries == ["dune"])
    }

    // MARK: S3 — a syllable being composed

    @Test func aLoneJamoAtTheEndWaitsForTheSyllable() async {
        // S3: 기생ㅊ at 210 is not sent at 510; 기생충 at 600 is, at 900.
        stubSearch("기생충", [Fixtures.Movie(id: 496_243, title: "Parasite")])
        let harness = Harness(inputs: [.next(210, .text("기생ㅊ")), .next(600, .text("기생충"))])

        #expect(await harness.advance(to: 600, untilStates: 4))
        #expect(sentQueries.isEmpty)
        #expect(await harness.advance(to: 900, untilStates: 7))

        #expect(
            harness.summaries == [
                Self.idle,
                .next(210, " | searching | searching"),
                .next(510, " | empty | hint"),
                .next(600, " | searching | searching"),
                .next(900, " | empty | hint"),
                .next(900, "“기생충” | searching | searching"),
                .next(900, "“기생충” | 1 / 1 Parasite | 1 movie"),
            ])
        #expect(sentQueries == ["기생충"])
    }

    // MARK: S4 — only the newest answer

    @Test func theEarlierQuerysLateAnswerNeverShows() async {
        // S4, E1: "dun" is sent at 510 and answers 300 ms (real) late; "dune" is sent at 820
        // and answers at once. flatMapLatest stops waiting for "dun", whose answer goes nowhere.
        stubSearch("dun", [Fixtures.Movie(id: 1, title: "Old Answer")], delay: .milliseconds(300))
        stubSearch("dune", [Fixtures.Movie(id: 2, title: "New Answer")])
        let harness = Harness(inputs: [.next(210, .text("dun")), .next(520, .text("dune"))])

        #expect(await harness.advance(to: 510, untilStates: 4))
        #expect(
            await stub.waitUntil(timeout: .seconds(60)) {
                $0.requests(path: Self.searchPath).count == 1
            })
        #expect(await harness.advance(to: 820, untilStates: 8))
        #expect(
            await stub.waitUntil(timeout: .seconds(60)) { $0.isIdle },
            "the answer for \"dun\" never came")

        #expect(
            harness.summaries == [
                Self.idle,
                .next(210, " | searching | searching"),
                .next(510, " | empty | hint"),
                .next(510, "“dun” | searching | searching"),
                .next(520, "“dun” | searching | searching"),
                .next(820, "“dun” | searching | searching"),
                .next(820, "“dune” | searching | searching"),
                .next(820, "“dune” | 1 / 1 New Answer | 1 movie"),
            ])
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

        #expect(await harness.advance(to: 510, untilStates: 5))
        #expect(await harness.advance(to: 600, untilStates: 8))
        #expect(await harness.advance(to: 700, untilStates: 8))

        #expect(
            harness.summaries == [
                Self.idle,
                .next(210, " | searching | searching"),
                .next(510, " | empty | hint"),
                .next(510, "“movie” | searching | searching"),
                .next(510, "“movie” | 1 / 20 Movie 1 | hint"),
                .next(600, "“movie” | 16 / 20 Movie 16 | loading more"),
                .next(600, "“movie” | 20 / 20 Movie 20 | loading more"),
                .next(600, "“movie” | 20 / 24 Movie 20 | All 24 movies"),
            ])
        #expect(harness.openedTitles == [.next(700, "Movie 21")], "row 99 does not exist")
        #expect(stub.requests(path: Self.searchPath, query: ["page": "2"]).count == 1)
        #expect(harness.latest?.movieList.movies.map(\.id) == Array(1...21) + Array(23...25))
    }

    @Test func aFailureShowsItsMessageAndRetrySendsTheQueryAgain() async {
        // S6, T9: the output keeps flowing after a failure.
        stub.respond(
            to: Self.searchPath, query: ["query": "dune"],
            withSequence: [
                .failure(.notConnectedToInternet),
                Fixtures.page(1, of: 1, [Fixtures.Movie(id: 1, title: "Dune")]),
            ])
        let harness = Harness(inputs: [.next(210, .text("dune")), .next(600, .retry)])

        #expect(await harness.advance(to: 510, untilStates: 5))
        #expect(await harness.advance(to: 600, untilStates: 7))

        #expect(
            harness.summaries == [
                Self.idle,
                .next(210, " | searching | searching"),
                .next(510, " | empty | hint"),
                .next(510, "“dune” | searching | searching"),
                .next(510, "“dune” | \(TMDBError.offline.message) | hint"),
                .next(600, "“dune” | searching | searching"),
                .next(600, "“dune” | 1 / 1 Dune | 1 movie"),
            ])
        #expect(sentQueries == ["dune", "dune"])
    }

    @Test func noMatchSaysSo() async {
        // S6
        stubSearch("zzz", [])
        let harness = Harness(inputs: [.next(210, .text("zzz"))])

        #expect(await harness.advance(to: 510, untilStates: 5))

        #expect(harness.summaries.last == .next(510, "“zzz” | No movies match “zzz”. | hint"))
    }
}
