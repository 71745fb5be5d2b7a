import Foundation
import MovieDomain
import MoviePresentation
import StepTestSupport
import TMDB
import Testing
import ViewModelKit
import ViewModelKitTesting

@testable import MVVMCDI

/// The search against the fake service it is handed: the fake records every call, so each
/// test states exactly which queries and pages were asked for, and nothing more. Inputs are
/// hot observables on a `TestScheduler` (one tick is one millisecond), which also runs the
/// 300 ms debounce, and each output is recorded on its own, as RxTest records them.
@MainActor
struct SearchViewModelTests {
    typealias Status = SearchViewModel.Status
    typealias Call = FakeMovieService.Call

    /// What the user does, on one timeline, in the order written.
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

        init(service: FakeMovieService, inputs: [Recorded<Event<UserInput>>]) {
            let inputs = scheduler.createHotObservable(inputs).asObservable()
            func signal<Value>(_ pick: @escaping (UserInput) -> Value?) -> Signal<Value> {
                inputs.compactMap(pick).asSignal(onErrorSignalWith: .empty())
            }
            let openedMovies = scheduler.createObserver(Movie.self)
            self.openedMovies = openedMovies
            // S7: what Enter opens reaches the coordinator through these actions.
            let actions = SearchViewModelActions(showMovieDetail: { movie in
                openedMovies.on(.next(movie))
            })
            viewModel = SearchViewModel(
                scheduler: scheduler, actions: actions, movieService: service,
                imageLoader: FakeImageLoader())
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
            scheduler.scheduleAt(TestScheduler.Defaults.subscribed) { [self] in
                record(output.subtitle, on: subtitle)
                record(output.position, on: position)
                record(output.rows, on: rows)
                record(output.isSearching, on: isSearching)
                record(output.message, on: message)
                record(output.status, on: status)
                record(output.isRetryEnabled, on: isRetryEnabled)
                output.selectedMovie.emit().disposed(by: disposeBag)
            }
        }

        /// Opens `gate` at the virtual time `time`.
        func open(_ gate: Gate, at time: TestTime) {
            scheduler.scheduleAt(time) { gate.open() }
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

        /// The title of every row ever sent, for "never shown" checks.
        var everyTitleShown: Set<String> {
            Set(rows.events.flatMap { $0.value.element?.map(\.title) ?? [] })
        }

        /// Whether the results now show `count` rows for `query` (the subtitle quotes it).
        func shows(_ count: Int, rowsFor query: String) -> Bool {
            subtitle.events.last?.value.element == (query.isEmpty ? "" : "“\(query)”")
                && rows.events.last?.value.element?.count == count
        }

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

        /// The movies Enter opened, as the coordinator's actions heard them: by title, with
        /// their virtual time.
        var openedTitles: [Recorded<Event<String>>] {
            openedMovies.events.compactMap { recorded in
                recorded.value.element.map { .next(recorded.time, $0.title) }
            }
        }
    }

    let service = FakeMovieService()

    private func answer(
        _ query: String, page: Int = 1, of totalPages: Int = 1, _ movies: [Movie],
        gate: Gate? = nil
    ) {
        service.answerSearch(
            query: query, page: page, with: .success(Sample.page(page, of: totalPages, movies)),
            gate: gate)
    }

    /// The search calls the service received, in order.
    private var searchCalls: [Call] {
        service.calls.filter { if case .searchMovies = $0 { true } else { false } }
    }

    @Test func onlyTheQueriesWorthSendingReachTheService() async {
        // S2, S3: the typing pauses at 530 ("dune"), 900 (the same "dune " again), 1300
        // ("기생ㅊ", still composing), 1700 ("기생충"), 2100 (empty) and 2300 (" dune", new
        // again after 기생충). Three queries are sent, each once.
        answer("dune", Sample.movies(1...3, prefix: "Dune"))
        answer("기생충", Sample.movies(10...10, prefix: "Parasite"))
        let harness = Harness(
            service: service,
            inputs: [
                .next(210, .text("d")), .next(220, .text("du")), .next(230, .text("dune")),
                .next(600, .text("dune ")), .next(1000, .text("기생ㅊ")),
                .next(1400, .text("기생충")), .next(1800, .text("")), .next(2000, .text(" dune")),
            ])

        harness.scheduler.advance(to: 529)
        #expect(service.calls.isEmpty, "nothing before the pause")
        #expect(await harness.advance(to: 530) { harness.shows(3, rowsFor: "dune") })
        #expect(await harness.advance(to: 1700) { harness.shows(1, rowsFor: "기생충") })
        #expect(await harness.advance(to: 2300) { harness.shows(3, rowsFor: "dune") })

        #expect(
            service.calls == [
                .searchMovies(query: "dune", page: 1), .searchMovies(query: "기생충", page: 1),
                .searchMovies(query: "dune", page: 1),
            ])
        #expect(service.answered == service.calls)
    }

    @Test func theOlderAnswerThatArrivesLateIsDropped() async {
        // S4, E1: "dun" is held at a gate deaf to cancellation; "dune" is sent at 830 and
        // answered; the gate opens at 900 and "dun"'s answer is handed back, to nobody.
        let gate = Gate()
        answer("dun", Sample.movies(1...1, prefix: "Old"), gate: gate)
        answer("dune", Sample.movies(2...2, prefix: "New"))
        let harness = Harness(
            service: service, inputs: [.next(210, .text("dun")), .next(530, .text("dune"))])
        harness.open(gate, at: 900)

        #expect(await harness.advance(to: 510) { harness.subtitle.events.count == 2 })
        #expect(await gate.waitForWaiters(1))
        #expect(await harness.advance(to: 830) { harness.shows(1, rowsFor: "dune") })
        #expect(await gate.waitForCancellations(1), "the newer query stopped the wait")
        harness.scheduler.advance(to: 900)
        #expect(await service.waitForAnswer(to: .searchMovies(query: "dun", page: 1)))

        #expect(
            service.calls == [
                .searchMovies(query: "dun", page: 1), .searchMovies(query: "dune", page: 1),
            ])
        #expect(harness.latestRows.map(\.title) == ["New 2"])
        #expect(harness.rows.events.count == 2, "the late answer sent no rows")
        #expect(!harness.everyTitleShown.contains("Old 1"))
    }

    @Test func eachPageIsAskedForOnceAndNoPagePastTheLast() async {
        // S5: a burst of moves near the end asks for page 2 once; page 2 of 2 is the last.
        answer("movie", page: 1, of: 2, Sample.movies(1...20))
        answer("movie", page: 2, of: 2, Sample.movies(21...30))
        let harness = Harness(
            service: service,
            inputs: [
                .next(210, .text("movie")), .next(600, .select(15)), .next(600, .select(18)),
                .next(600, .select(19)), .next(700, .select(29)), .next(800, .open(29)),
            ])

        #expect(await harness.advance(to: 510) { harness.shows(20, rowsFor: "movie") })
        #expect(await harness.advance(to: 600) { harness.shows(30, rowsFor: "movie") })
        #expect(
            await harness.advance(to: 800) {
                harness.position.events.last?.value.element == "30 / 30"
            })

        #expect(
            service.calls == [
                .searchMovies(query: "movie", page: 1), .searchMovies(query: "movie", page: 2),
            ])
        #expect(
            harness.status.events.last?.value.element
                == .ended(
                    "All 30 movies · ↑↓ move · enter open · / edit · esc close · ? help · q quit"))
        #expect(harness.openedTitles == [.next(800, "Movie 30")])
    }

    @Test func retryAsksForTheFailedQueryOnceMore() async {
        // S6
        service.answerSearch(query: "dune", page: 1, with: .failure(.offline))
        answer("dune", Sample.movies(1...2, prefix: "Dune"))
        let harness = Harness(
            service: service, inputs: [.next(210, .text("dune")), .next(600, .retry)])

        #expect(await harness.advance(to: 510) { harness.message.events.count == 2 })
        #expect(harness.messageTexts.last == .next(510, TMDBError.offline.message))
        #expect(await harness.advance(to: 600) { harness.shows(2, rowsFor: "dune") })

        #expect(
            service.calls == [
                .searchMovies(query: "dune", page: 1), .searchMovies(query: "dune", page: 1),
            ])
        #expect(searchCalls.count == service.calls.count, "the search asked for nothing else")
    }
}
