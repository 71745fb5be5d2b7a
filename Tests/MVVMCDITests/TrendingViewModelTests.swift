import Foundation
import StepTestSupport
import TMDB
import Testing

@testable import MVVMCDI

/// The trending list against a fake service it is handed: no HTTP, no stub, nothing shared,
/// so these tests run in parallel with everything else.
@MainActor
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

        init(service: FakeMovieService, window: TrendingWindow = .week) {
            viewModel = TrendingViewModel(window: window, movieService: service)
            let output = viewModel.transform(
                input: TrendingViewModel.Input(
                    viewDidLoad: viewDidLoad.stream, toggleWindow: toggleWindow.stream,
                    retry: retry.stream, selection: selection.stream,
                    selectMovie: selectMovie.stream))
            recorder = StateRecorder(output.state)
            selectedMovies = output.selectedMovie
        }

    }

    let service = FakeMovieService()

    /// A harness whose first page of movies 1…20 has arrived.
    private func loadedHarness(of totalPages: Int = 3) async throws -> Harness {
        service.answerTrending(
            page: 1, with: .success(Sample.page(1, of: totalPages, Sample.movies(1...20))))
        let harness = Harness(service: service)
        harness.viewDidLoad.continuation.yield()
        _ = try #require(await harness.state { $0.rows.count == 20 })
        return harness
    }

    private static func titles(_ state: TrendingViewModel.State) -> [String] {
        state.rows.map(\.title)
    }

    @Test func loadingThenTheFirstPageFromTheService() async throws {
        // T1, T2, T9
        let gate = Gate()
        service.answerTrending(
            page: 1, with: .success(Sample.page(1, of: 3, Sample.movies(1...20))), gate: gate)
        let harness = Harness(service: service)
        harness.viewDidLoad.continuation.yield()

        let loading = try #require(await harness.state { $0.isLoadingFirstPage })
        #expect(loading.state.subtitle == "this week · fake data")
        #expect(await eventually { gate.waiterCount == 1 })
        gate.open()

        let loaded = try #require(await harness.state { $0.rows.count == 20 })
        #expect(
            loaded.state.rows[0]
                == .init(rank: "1", title: "Movie 1", year: "2024", rating: "★ 7.4"))
        #expect(loaded.state.position == "1 / 20")
        #expect(service.calls == [.trendingMovies(window: .week, page: 1)])
    }

    @Test func oneCallPerPageHoweverManySelectionsArrive() async throws {
        // T6: page 2 is held back while the selection keeps moving near the end.
        let gate = Gate()
        service.answerTrending(
            page: 2, with: .success(Sample.page(2, of: 3, Sample.movies(21...40))), gate: gate)
        let harness = try await loadedHarness()

        for _ in 0..<3 {
            for row in [15, 16, 17, 18, 19, 17, 19] {
                harness.selection.continuation.yield(row)
            }
            await Task.yield()
        }
        _ = try #require(await harness.state { $0.footer == .loadingMore })
        #expect(await eventually { gate.waiterCount == 1 })
        gate.open()

        _ = try #require(await harness.state { $0.rows.count == 40 })
        #expect(service.count(of: .trendingMovies(window: .week, page: 2)) == 1)
        #expect(service.count(of: .trendingMovies(window: .week, page: 3)) == 0)
    }

    @Test func duplicatesAndAdultTitlesAreLeftOut() async throws {
        // T7, T8
        var second = Sample.movies(18...30)
        second[5].isAdult = true  // movie 23
        service.answerTrending(page: 2, with: .success(Sample.page(2, of: 2, second)))
        let harness = try await loadedHarness(of: 2)

        harness.selection.continuation.yield(19)

        let ended = try #require(
            await harness.state {
                if case .ended = $0.footer { true } else { false }
            })
        let ids = ended.state.rows.indices.map { ended.state.rows.movie(at: $0).id }
        #expect(ids == Array(1...22) + Array(24...30))
        #expect(ended.state.rows.map(\.rank) == (1...29).map(String.init))
        #expect(ended.state.footer == .ended("End of the list · 29 movies"))
        #expect(service.count(of: .trendingMovies(window: .week, page: 3)) == 0)
    }

    @Test func firstPageErrorThenRetryBringsTheRows() async throws {
        // T9
        service.answerTrending(page: 1, with: .failure(.offline))
        service.answerTrending(
            page: 1, with: .success(Sample.page(1, of: 3, Sample.movies(1...20))))
        let harness = Harness(service: service)
        harness.viewDidLoad.continuation.yield()

        let failed = try #require(await harness.state { $0.message != nil })
        #expect(
            failed.state.message
                == .init(text: TMDBError.offline.message, hint: "r to retry", isError: true))

        harness.retry.continuation.yield()

        let loaded = try #require(
            await harness.state(from: failed.index + 1) { $0.rows.count == 20 })
        #expect(loaded.state.message == nil)
        #expect(service.count(of: .trendingMovies(window: .week, page: 1)) == 2)
    }

    @Test func failedNextPageKeepsTheRowsAndRetryFetchesIt() async throws {
        // T9
        service.answerTrending(page: 2, with: .failure(.rateLimited(retryAfter: nil)))
        service.answerTrending(
            page: 2, with: .success(Sample.page(2, of: 3, Sample.movies(21...40))))
        let harness = try await loadedHarness()

        harness.selection.continuation.yield(19)
        let failed = try #require(
            await harness.state {
                if case .failed = $0.footer { true } else { false }
            })
        let message = TMDBError.rateLimited(retryAfter: nil).message
        #expect(failed.state.footer == .failed("Couldn't load more: \(message) r to retry"))
        #expect(failed.state.rows.count == 20)

        harness.retry.continuation.yield()

        _ = try #require(await harness.state(from: failed.index) { $0.rows.count == 40 })
        #expect(service.count(of: .trendingMovies(window: .week, page: 2)) == 2)
    }

    @Test func lateAnswerAfterToggleWindowIsIgnored() async throws {
        // T10, E1: the week page is answered after the switch to today; it never shows.
        let gate = Gate()
        service.answerTrending(
            page: 1, with: .success(Sample.page(1, of: 3, Sample.movies(1...20, prefix: "Week"))),
            gate: gate)
        service.answerTrending(
            window: .day, page: 1,
            with: .success(Sample.page(1, of: 3, Sample.movies(101...120, prefix: "Day"))))
        let harness = Harness(service: service)
        harness.viewDidLoad.continuation.yield()
        #expect(await eventually { gate.waiterCount == 1 })

        harness.toggleWindow.continuation.yield()
        let day = try #require(await harness.state { $0.rows.first?.title == "Day 101" })
        #expect(day.state.subtitle == "today · fake data")
        #expect(gate.cancellations == 1, "the switch cancelled the week request")
        gate.open()

        let week = FakeMovieService.Call.trendingMovies(window: .week, page: 1)
        #expect(await eventually { service.answered.contains(week) })
        let count = harness.states.count
        let quiet = await staysTrue(for: .milliseconds(200)) { harness.states.count == count }
        #expect(quiet, "the late week page changed the output")
        #expect(!harness.states.contains { Self.titles($0).contains { $0.hasPrefix("Week") } })
        #expect(
            service.calls == [
                .trendingMovies(window: .week, page: 1), .trendingMovies(window: .day, page: 1),
            ])
    }
}
