import Foundation
import StepTestSupport
import TMDB
import TMDBTestSupport
import Testing

@testable import MVVMIO

/// The trending list as Input → Output: the test feeds the input streams the controller
/// would feed, and reads back every state the output sends. No terminal, no screen.
@MainActor
@Suite(.sharingTMDBClient)
struct TrendingViewModelTests {
    /// A view model wired to input streams the test drives, and a record of its output.
    @MainActor
    final class Harness: StateRecordingHarness {
        let viewModel: TrendingViewModel
        let viewDidLoad = AsyncStream.makeStream(of: Void.self)
        let toggleWindow = AsyncStream.makeStream(of: Void.self)
        let retry = AsyncStream.makeStream(of: Void.self)
        let selection = AsyncStream.makeStream(of: Int.self)
        let selectMovie = AsyncStream.makeStream(of: Int.self)
        let recorder: StateRecorder<TrendingViewModel.State>
        let selectedMovies: AsyncStream<Movie>

        init(window: TrendingWindow = .week) {
            viewModel = TrendingViewModel(window: window)
            let output = viewModel.transform(
                input: TrendingViewModel.Input(
                    viewDidLoad: viewDidLoad.stream, toggleWindow: toggleWindow.stream,
                    retry: retry.stream, selection: selection.stream,
                    selectMovie: selectMovie.stream))
            recorder = StateRecorder(output.state)
            selectedMovies = output.selectedMovie
        }

    }

    let stub = HTTPStub()

    init() {
        stub.installAsSharedClient()
    }

    private func stubPage(
        _ page: Int, of totalPages: Int = 3, _ movies: [Fixtures.Movie],
        window: TrendingWindow = .week, delay: Duration = .zero
    ) {
        stub.respond(
            to: "/3/trending/movie/\(window.rawValue)", query: ["page": "\(page)"],
            with: Fixtures.page(page, of: totalPages, movies, delay: delay))
    }

    /// A harness whose first page of movies 1…20 has arrived.
    private func loadedHarness() async -> Harness {
        stubPage(1, Fixtures.movies(1...20))
        let harness = Harness()
        harness.viewDidLoad.continuation.yield()
        let loaded = await harness.state { $0.rows.count == 20 }
        #expect(loaded != nil, "page 1 never arrived")
        return harness
    }

    private static func titles(_ state: TrendingViewModel.State) -> [String] {
        state.rows.map(\.title)
    }

    // MARK: First page (T1, T2, T9)

    @Test func firstStateIsLoadingAndRowsArriveAfterViewDidLoad() async throws {
        stubPage(
            1,
            [
                Fixtures.Movie(id: 1, title: "Dune: Part Two"),
                Fixtures.Movie(id: 2, title: "Undated", releaseDate: ""),
                Fixtures.Movie(id: 3, title: "Unrated", voteCount: 0),
            ])
        let harness = Harness()

        let first = try #require(await harness.state { _ in true })
        #expect(first.index == 0)
        #expect(first.state.isLoadingFirstPage)
        #expect(first.state.rows.isEmpty)
        #expect(first.state.message == nil)
        #expect(first.state.title == "Trending movies")
        #expect(first.state.subtitle == "this week · TMDB")
        #expect(stub.requests.isEmpty, "nothing is fetched before viewDidLoad")

        harness.viewDidLoad.continuation.yield()

        let loaded = try #require(await harness.state { !$0.rows.isEmpty })
        #expect(harness.states[..<loaded.index].allSatisfy { $0.isLoadingFirstPage })
        #expect(!loaded.state.isLoadingFirstPage)
        #expect(
            Array(loaded.state.rows) == [
                .init(rank: "1", title: "Dune: Part Two", year: "2024", rating: "★ 7.4"),
                .init(rank: "2", title: "Undated", year: "—", rating: "★ 7.4"),
                .init(rank: "3", title: "Unrated", year: "2024", rating: "no rating"),
            ])
        #expect(loaded.state.rows.movie(at: 0).id == 1)
        #expect(loaded.state.position == "1 / 3")
        #expect(stub.pageRequests(page: 1).count == 1)
    }

    /// T11, E1: Enter opens the movie on that row of the view model's list; an Enter that
    /// arrives after a reload emptied the list opens nothing, whatever the screen last drew.
    @Test func selectMovieOpensTheRowOfTheCurrentList() async throws {
        let harness = await loadedHarness()
        var opened = harness.selectedMovies.makeAsyncIterator()
        harness.selectMovie.continuation.yield(2)
        #expect(await opened.next()?.id == 3)

        stubPage(1, Fixtures.movies(101...120), window: .day, delay: .milliseconds(200))
        harness.toggleWindow.continuation.yield()
        harness.selectMovie.continuation.yield(2)
        harness.selectMovie.continuation.yield(999)
        let reloaded = try #require(
            await harness.state { $0.rows.count == 20 && $0.subtitle.hasPrefix("today") })
        #expect(reloaded.state.generation == 2)
        harness.selectMovie.continuation.yield(0)
        #expect(await opened.next()?.id == 101, "the Enters during the reload opened nothing")
    }

    @Test func selectionNearTheEndRequestsPageTwoExactlyOnce() async throws {
        // T6: a burst of moves while page 2 is in flight asks for it once.
        stubPage(2, Fixtures.movies(21...40), delay: .milliseconds(100))
        let harness = await loadedHarness()
        let start = harness.states.count

        for _ in 0..<3 {
            for row in [14, 15, 16, 17, 18, 19, 18, 19] {
                harness.selection.continuation.yield(row)
            }
            await Task.yield()
        }

        let loading = try #require(await harness.state(from: start) { $0.footer == .loadingMore })
        let loaded = try #require(
            await harness.state(from: loading.index) { $0.rows.count == 40 })
        #expect(
            loaded.state.rows[39]
                == .init(rank: "40", title: "Movie 40", year: "2024", rating: "★ 7.4"))
        harness.selection.continuation.yield(19)
        #expect(await harness.state { $0.position == "20 / 40" } != nil)
        #expect(stub.pageRequests(page: 2).count == 1)
        #expect(stub.pageRequests(page: 3).isEmpty)
    }

    @Test func duplicatesAndAdultTitlesNeverReachTheOutput() async throws {
        // T7, T8: page 2 (the last) repeats movies 19 and 20; movie 25 is adult.
        var second = Fixtures.movies(19...30)
        second[6].isAdult = true
        stub.respond(
            to: "/3/trending/movie/week", query: ["page": "2"],
            with: Fixtures.page(2, of: 2, second))
        stub.respond(
            to: "/3/trending/movie/week", query: ["page": "1"],
            with: Fixtures.page(1, of: 2, Fixtures.movies(1...20)))
        let harness = Harness()
        harness.viewDidLoad.continuation.yield()
        _ = try #require(await harness.state { $0.rows.count == 20 })

        harness.selection.continuation.yield(19)

        let ended = try #require(
            await harness.state {
                if case .ended = $0.footer { true } else { false }
            })
        let ids = ended.state.rows.indices.map { ended.state.rows.movie(at: $0).id }
        #expect(ids == Array(1...24) + Array(26...30))
        #expect(ended.state.rows.last?.rank == "29")
        #expect(ended.state.footer == .ended("End of the list · 29 movies"))
    }

    // MARK: Failures (T9): the output keeps flowing after an error

    @Test func errorStateThenRetryInputBringsTheRows() async throws {
        stub.respond(
            to: "/3/trending/movie/week", query: ["page": "1"],
            withSequence: [
                .failure(.notConnectedToInternet), Fixtures.page(1, of: 3, Fixtures.movies(1...20)),
            ])
        let harness = Harness()
        harness.viewDidLoad.continuation.yield()

        let failed = try #require(await harness.state { $0.message != nil })
        #expect(
            failed.state.message
                == .init(text: TMDBError.offline.message, hint: "r to retry", isError: true))
        #expect(!failed.state.isLoadingFirstPage)

        harness.retry.continuation.yield()

        // Seed 001's broken stream: an error that ended the output would leave the screen
        // stuck on the message. Here the error is a state, and the next states follow.
        let loaded = try #require(
            await harness.state(from: failed.index + 1) { $0.rows.count == 20 })
        #expect(harness.states[failed.index + 1..<loaded.index].contains { $0.isLoadingFirstPage })
        #expect(loaded.state.message == nil)
        #expect(stub.pageRequests(page: 1).count == 2)
    }

    @Test func failedNextPageKeepsTheRowsAndRetryFetchesIt() async throws {
        stub.respond(
            to: "/3/trending/movie/week", query: ["page": "2"],
            withSequence: [
                .tmdbError(statusCode: 503, code: 46, message: "Maintenance."),
                Fixtures.page(2, of: 3, Fixtures.movies(21...40)),
            ])
        let harness = await loadedHarness()

        harness.selection.continuation.yield(19)

        let failed = try #require(
            await harness.state {
                if case .failed = $0.footer { true } else { false }
            })
        let message = TMDBError.serverError(status: 503).message
        #expect(failed.state.footer == .failed("Couldn't load more: \(message) r to retry"))
        #expect(failed.state.rows.count == 20)
        #expect(failed.state.position == "20 / 20")

        harness.retry.continuation.yield()

        let loaded = try #require(
            await harness.state(from: failed.index) { $0.rows.count == 40 })
        #expect(loaded.state.position == "20 / 40")
        #expect(stub.pageRequests(page: 1).count == 1)
        #expect(stub.pageRequests(page: 2).count == 2)
    }

    // MARK: Switching (T10, E1): like flatMapLatest, only the latest request counts

    @Test func toggleWhilePageOneIsInFlightNeverShowsTheWeekPage() async throws {
        stubPage(1, Fixtures.movies(1...20, prefix: "Week"), delay: .milliseconds(150))
        stubPage(1, Fixtures.movies(101...120, prefix: "Day"), window: .day)
        let harness = Harness()
        harness.viewDidLoad.continuation.yield()
        #expect(await stub.waitUntil { $0.pageRequests(.week, page: 1).count == 1 })

        harness.toggleWindow.continuation.yield()

        let day = try #require(await harness.state { $0.rows.first?.title == "Day 101" })
        #expect(day.state.subtitle == "today · TMDB")
        #expect(await stub.waitUntil { $0.isIdle })
        let count = harness.states.count
        let quiet = await staysTrue(for: .milliseconds(200)) { harness.states.count == count }
        #expect(quiet, "the late week page changed the output")
        #expect(!harness.states.contains { Self.titles($0).contains { $0.hasPrefix("Week") } })
        #expect(harness.states.last?.rows.count == 20)
    }

    @Test func toggleWhilePageTwoIsInFlightNeverAppendsIt() async throws {
        stubPage(2, Fixtures.movies(21...40), delay: .milliseconds(150))
        stubPage(1, Fixtures.movies(101...120, prefix: "Day"), window: .day)
        let harness = await loadedHarness()
        harness.selection.continuation.yield(19)
        #expect(await stub.waitUntil { $0.pageRequests(.week, page: 2).count == 1 })
        let toggled = harness.states.count

        harness.toggleWindow.continuation.yield()

        // T10: from page 1 again, selection at the top.
        let day = try #require(
            await harness.state(from: toggled) { $0.rows.first?.title == "Day 101" })
        #expect(day.state.position == "1 / 20")
        #expect(await stub.waitUntil { $0.isIdle })
        let count = harness.states.count
        _ = await staysTrue(for: .milliseconds(200)) { harness.states.count == count }
        let later = harness.states[toggled...]
        #expect(!later.contains { Self.titles($0).contains("Movie 21") })
        #expect(harness.states.last.map(Self.titles) == (101...120).map { "Day \($0)" })
    }
}
