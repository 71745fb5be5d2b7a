import Foundation
import StepTestSupport
import TMDB
import Testing

@testable import MVVMCDI

/// One movie against a fake service it is handed.
@MainActor
struct MovieDetailViewModelTests {
    /// A view model wired to input streams the test drives, and a record of its output.
    @MainActor
    final class Harness: StateRecordingHarness {
        let viewModel: MovieDetailViewModel
        let viewDidLoad = AsyncStream.makeStream(of: Void.self)
        let retry = AsyncStream.makeStream(of: Void.self)
        let viewDidDisappear = AsyncStream.makeStream(of: Void.self)
        let recorder: StateRecorder<MovieDetailViewModel.State>

        init(movie: Movie, service: FakeMovieService) {
            viewModel = MovieDetailViewModel(movie: movie, movieService: service)
            let output = viewModel.transform(
                input: MovieDetailViewModel.Input(
                    viewDidLoad: viewDidLoad.stream, retry: retry.stream,
                    viewDidDisappear: viewDidDisappear.stream))
            recorder = StateRecorder(output.state)
        }
    }

    let service = FakeMovieService()
    let movie = Movie(id: 550, title: "Dune: Part Two", releaseDate: "2024-02-27")

    @Test func detailAndVideosAreBothCalledBeforeEitherAnswers() async throws {
        // D2: both calls are made while both answers are held back, so they run together.
        let detailGate = Gate()
        let videosGate = Gate()
        service.answerDetail(id: 550, with: .success(Sample.detail()), gate: detailGate)
        service.answerVideos(id: 550, with: .success([Sample.trailer]), gate: videosGate)
        let harness = Harness(movie: movie, service: service)
        harness.viewDidLoad.continuation.yield()

        #expect(await eventually { detailGate.waiterCount == 1 && videosGate.waiterCount == 1 })
        #expect(Set(service.calls) == [.movieDetail(id: 550), .movieVideos(id: 550)])
        #expect(service.answered.isEmpty)
        videosGate.open()
        detailGate.open()

        // D1, D7
        let shown = try #require(await harness.state { $0.isShowingDetail })
        #expect(shown.state.subtitle == "fake data")
        #expect(shown.state.heading == "Dune: Part Two (2024)")
        #expect(
            shown.state.facts == [
                "Science Fiction, Adventure", "2h 46m · Released 2024-02-27",
                "★ 8.2 (6,543 votes)",
            ])
        #expect(shown.state.cast.count == 5)
        #expect(shown.state.cast.first == "Timothée Chalamet as Paul Atreides")
        #expect(shown.state.trailerLink == "https://www.youtube.com/watch?v=Way9Dexny3w")
        #expect(service.calls.count == 2)
    }

    @Test func failingVideosCostOnlyTheTrailer() async throws {
        // D3
        service.answerDetail(id: 550, with: .success(Sample.detail()))
        service.answerVideos(id: 550, with: .failure(.serverError(status: 502)))
        let harness = Harness(movie: movie, service: service)
        harness.viewDidLoad.continuation.yield()

        let settled = try #require(await harness.state { !$0.isLoading })
        #expect(settled.state.isShowingDetail)
        #expect(settled.state.errorMessage == nil)
        #expect(settled.state.overview == "Paul Atreides unites with the Fremen.")
        #expect(settled.state.trailerLink == "")
    }

    @Test func failingDetailThenRetryShowsIt() async throws {
        // D4
        service.answerDetail(id: 550, with: .failure(.timedOut))
        service.answerDetail(id: 550, with: .success(Sample.detail()))
        service.answerVideos(id: 550, with: .success([]))
        let harness = Harness(movie: movie, service: service)
        harness.viewDidLoad.continuation.yield()

        let failed = try #require(await harness.state { $0.errorMessage != nil })
        #expect(failed.state.errorMessage == TMDBError.timedOut.message)
        #expect(!failed.state.isShowingDetail)

        harness.retry.continuation.yield()

        let shown = try #require(
            await harness.state(from: failed.index + 1) { $0.isShowingDetail })
        #expect(shown.state.errorMessage == nil)
        #expect(service.count(of: .movieDetail(id: 550)) == 2)
    }

    @Test func lateAnswerAfterViewDidDisappearIsIgnored() async {
        // E1
        let gate = Gate()
        service.answerDetail(id: 550, with: .success(Sample.detail()), gate: gate)
        service.answerVideos(id: 550, with: .success([]))
        let harness = Harness(movie: movie, service: service)
        harness.viewDidLoad.continuation.yield()
        #expect(await eventually { gate.waiterCount == 1 })

        harness.viewDidDisappear.continuation.yield()
        #expect(await eventually { gate.cancellations == 1 }, "leaving did not cancel the load")
        gate.open()

        #expect(await eventually { service.answered.contains(.movieDetail(id: 550)) })
        let quiet = await staysTrue(for: .milliseconds(150)) {
            !harness.recorder.states.contains { $0.isShowingDetail }
        }
        #expect(quiet)
    }
}
