import Foundation
import StepTestSupport
import TMDB
import TMDBTestSupport
import Testing

@testable import MVVMIO

/// One movie as Input → Output: the states the detail screen would render, in order.
@MainActor
@Suite(.sharingTMDBClient)
struct MovieDetailViewModelTests {
    /// A view model wired to input streams the test drives, and a record of its output.
    @MainActor
    final class Harness: StateRecordingHarness {
        let viewModel: MovieDetailViewModel
        let viewDidLoad = AsyncStream.makeStream(of: Void.self)
        let retry = AsyncStream.makeStream(of: Void.self)
        let viewDidDisappear = AsyncStream.makeStream(of: Void.self)
        let recorder: StateRecorder<MovieDetailViewModel.State>

        init(movie: Movie) {
            viewModel = MovieDetailViewModel(movie: movie)
            let output = viewModel.transform(
                input: MovieDetailViewModel.Input(
                    viewDidLoad: viewDidLoad.stream, retry: retry.stream,
                    viewDidDisappear: viewDidDisappear.stream))
            recorder = StateRecorder(output.state)
        }

    }

    let stub = HTTPStub()
    let movie = Movie(id: 550, title: "Dune: Part Two", releaseDate: "2024-02-27")
    let detailPath = "/3/movie/550"
    let videosPath = "/3/movie/550/videos"

    init() {
        stub.installAsSharedClient()
    }

    @Test func loadingThenTheDetailWithFormattedFacts() async throws {
        // D1, D2, D7
        stub.respond(
            to: detailPath,
            with: Fixtures.detail(.init(id: 550, title: "Dune: Part Two"), delay: .milliseconds(50))
        )
        stub.respond(
            to: videosPath,
            with: Fixtures.videos(
                id: 550, [.init(key: "teaser", type: "Teaser"), .init(key: "trailer")],
                delay: .milliseconds(50)))
        let harness = Harness(movie: movie)

        let first = try #require(await harness.state { _ in true })
        #expect(first.state.isLoading)
        #expect(first.state.title == "Dune: Part Two")
        #expect(first.state.subtitle == "TMDB")
        #expect(!first.state.isShowingDetail)

        harness.viewDidLoad.continuation.yield()

        let shown = try #require(await harness.state { $0.isShowingDetail })
        #expect(harness.states[..<shown.index].allSatisfy { $0.isLoading && !$0.isShowingDetail })
        #expect(
            shown.state
                == MovieDetailViewModel.State(
                    title: "Dune: Part Two", subtitle: "TMDB", isLoading: false,
                    isShowingDetail: true, errorMessage: nil, heading: "Dune: Part Two (2024)",
                    tagline: "A line under the title.",
                    facts: [
                        "Science Fiction, Adventure", "2h 19m · Released 2024-02-27",
                        "★ 8.4 (12,345 votes)",
                    ],
                    overview: "A short overview written for this test.",
                    cast: [
                        "Ada One as Pilot", "Ben Two as Navigator", "Cy Three as Engineer",
                        "Di Four as Doctor", "Ed Five as Cook",
                    ],
                    trailerLink: "https://www.youtube.com/watch?v=trailer"))
        let detail = try #require(stub.requests(path: detailPath).first)
        let videos = try #require(stub.requests(path: videosPath).first)
        #expect(detail.overlaps(videos), "D2: detail and videos in flight together")
    }

    @Test func errorThenRetryThenTheDetail() async throws {
        // D4: the output keeps flowing after the error.
        stub.respond(
            to: detailPath,
            withSequence: [
                .tmdbError(statusCode: 404, code: 34, message: "Not found."),
                Fixtures.detail(.init(id: 550, title: "Dune: Part Two")),
            ])
        let harness = Harness(movie: movie)
        harness.viewDidLoad.continuation.yield()

        let failed = try #require(await harness.state { $0.errorMessage != nil })
        #expect(failed.state.errorMessage == TMDBError.notFound.message)
        #expect(!failed.state.isLoading)
        #expect(!failed.state.isShowingDetail)

        harness.retry.continuation.yield()

        let shown = try #require(
            await harness.state(from: failed.index + 1) { $0.isShowingDetail })
        #expect(shown.state.errorMessage == nil)
        #expect(shown.state.heading == "Dune: Part Two (2024)")
        #expect(stub.requests(path: detailPath).count == 2)
    }

    @Test func failingVideosCostOnlyTheTrailer() async throws {
        // D3
        stub.respond(to: detailPath, with: Fixtures.detail(.init(id: 550, title: "Dune")))
        stub.respond(to: videosPath, with: .failure(.timedOut))
        let harness = Harness(movie: movie)
        harness.viewDidLoad.continuation.yield()

        let shown = try #require(await harness.state { !$0.isLoading })
        #expect(shown.state.isShowingDetail)
        #expect(shown.state.errorMessage == nil)
        #expect(shown.state.cast.count == 5)
        #expect(shown.state.trailerLink == "")
    }

    @Test func answerAfterViewDidDisappearIsIgnored() async {
        // E1
        stub.respond(
            to: detailPath,
            with: Fixtures.detail(.init(id: 550, title: "Dune"), delay: .milliseconds(100)))
        let harness = Harness(movie: movie)
        harness.viewDidLoad.continuation.yield()
        let path = detailPath
        #expect(await stub.waitUntil { $0.requests(path: path).count == 1 })

        harness.viewDidDisappear.continuation.yield()

        #expect(await stub.waitUntil { $0.isIdle })
        let quiet = await staysTrue(for: .milliseconds(150)) {
            !harness.states.contains { $0.isShowingDetail }
        }
        #expect(quiet)
    }
}
