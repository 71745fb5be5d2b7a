import Foundation
import MoviePresentation
import StepTestSupport
import TMDB
import TMDBTestSupport
import Testing

@testable import MVVM

/// One movie's logic, tested through its view model alone: no terminal, no screen.
@MainActor
@Suite(.sharingTMDBClient)
struct MovieDetailViewModelTests {
    let stub = HTTPStub()
    let movie = Movie(id: 550, title: "Dune: Part Two", releaseDate: "2024-02-27")
    let detailPath = "/3/movie/550"
    let videosPath = "/3/movie/550/videos"

    init() {
        stub.installAsSharedClient()
    }

    /// A view model whose detail has loaded.
    private func loadedViewModel() async -> MovieDetailViewModel {
        let viewModel = MovieDetailViewModel(movie: movie)
        viewModel.viewDidLoad()
        #expect(await waitUntil { !viewModel.isLoading }, "the detail never arrived")
        return viewModel
    }

    // MARK: D1, D7

    @Test func showsTheFormattedDetailAndTheChosenTrailer() async {
        stub.respond(to: detailPath, with: Fixtures.detail(.init(id: 550, title: "Dune: Part Two")))
        stub.respond(
            to: videosPath,
            with: Fixtures.videos(
                id: 550,
                [
                    Fixtures.Video(key: "teaser", type: "Teaser"),
                    Fixtures.Video(key: "fan-trailer", isOfficial: false),
                    Fixtures.Video(key: "older", publishedAt: "2023-05-01T10:00:00.000Z"),
                    Fixtures.Video(key: "official", publishedAt: "2024-02-01T10:00:00.000Z"),
                    Fixtures.Video(key: "vimeo", site: "Vimeo"),
                ]))
        let viewModel = MovieDetailViewModel(movie: movie)
        #expect(viewModel.title == "Dune: Part Two")

        viewModel.viewDidLoad()
        #expect(viewModel.isLoading)
        #expect(await waitUntil { viewModel.isShowingDetail })

        #expect(!viewModel.isLoading)
        #expect(viewModel.errorMessage == nil)
        #expect(viewModel.subtitle == "TMDB")
        #expect(viewModel.tagline == "A line under the title.")
        #expect(
            viewModel.facts == [
                "Science Fiction, Adventure", "2h 19m · Released 2024-02-27",
                "★ 8.4 (12,345 votes)",
            ])
        #expect(viewModel.overview == "A short overview written for this test.")
        // D1: the five top-billed, as "Name as Character".
        #expect(
            viewModel.cast == [
                "Ada One as Pilot", "Ben Two as Navigator", "Cy Three as Engineer",
                "Di Four as Doctor", "Ed Five as Cook",
            ])
        // D7: the newest official YouTube trailer wins over teasers and fan uploads.
        #expect(viewModel.trailerLink == "https://www.youtube.com/watch?v=official")
    }

    @Test(
        "D1: runtime as hours and minutes, omitted when unknown",
        arguments: [
            (139, "2h 19m · Released 2024-02-27"), (120, "2h · Released 2024-02-27"),
            (45, "45m · Released 2024-02-27"), (nil, "Released 2024-02-27"),
        ] as [(Int?, String)])
    func runtimeIsFormatted(minutes: Int?, schedule: String) async {
        var detail = Fixtures.Detail(id: 550, title: "Dune: Part Two")
        detail.runtime = minutes
        stub.respond(to: detailPath, with: Fixtures.detail(detail))
        let viewModel = await loadedViewModel()

        #expect(viewModel.facts.dropFirst().first == schedule)
    }

    @Test(
        "D1: the rating with grouped votes, or no rating",
        arguments: [
            (8.4, 12_345, "★ 8.4 (12,345 votes)"), (7.0, 1, "★ 7.0 (1 vote)"),
            (6.0, 1_234_567, "★ 6.0 (1,234,567 votes)"), (0.0, 0, "no rating"),
        ])
    func ratingIsFormatted(average: Double, count: Int, rating: String) async {
        var detail = Fixtures.Detail(id: 550, title: "Dune: Part Two")
        detail.voteAverage = average
        detail.voteCount = count
        stub.respond(to: detailPath, with: Fixtures.detail(detail))
        let viewModel = await loadedViewModel()

        #expect(viewModel.facts.last == rating)
    }

    @Test func emptyFieldsFallBack() async {
        // D1: no tagline, no overview, no date, no character.
        var detail = Fixtures.Detail(id: 550, title: "Dune: Part Two")
        detail.tagline = ""
        detail.overview = ""
        detail.releaseDate = ""
        detail.cast = [("Ada One", "")]
        stub.respond(to: detailPath, with: Fixtures.detail(detail))
        stub.respond(to: videosPath, with: Fixtures.videos(id: 550, []))
        let viewModel = await loadedViewModel()

        #expect(viewModel.tagline == "")
        #expect(viewModel.overview == "No overview.")
        #expect(viewModel.cast == ["Ada One"])
        #expect(viewModel.trailerLink == "")
    }

    // MARK: D2, D3, D4

    @Test func detailAndVideosAreRequestedAtTheSameTime() async throws {
        // D2: both answers take a while; the two requests are in flight together.
        stub.respond(
            to: detailPath,
            with: Fixtures.detail(.init(id: 550, title: "Dune"), delay: .milliseconds(150)))
        stub.respond(
            to: videosPath,
            with: Fixtures.videos(id: 550, [.init(key: "k")], delay: .milliseconds(150)))
        let viewModel = await loadedViewModel()
        #expect(viewModel.isShowingDetail)

        let detail = try #require(stub.requests(path: detailPath).first)
        let videos = try #require(stub.requests(path: videosPath).first)
        #expect(detail.overlaps(videos))
        #expect(stub.requests.count == 2)
        #expect(detail.queryItems["append_to_response"] == "credits")
    }

    @Test func failingVideosCostOnlyTheTrailer() async {
        // D3
        stub.respond(to: detailPath, with: Fixtures.detail(.init(id: 550, title: "Dune")))
        stub.respond(to: videosPath, with: .failure(.notConnectedToInternet))
        let viewModel = await loadedViewModel()

        #expect(viewModel.isShowingDetail)
        #expect(viewModel.errorMessage == nil)
        #expect(viewModel.facts.count == 3)
        #expect(viewModel.cast.count == 5)
        #expect(viewModel.trailerLink == "")
    }

    @Test func failingDetailShowsTheMessageAndRetryLoadsIt() async {
        // D4
        stub.respond(
            to: detailPath,
            withSequence: [
                .failure(.notConnectedToInternet),
                Fixtures.detail(.init(id: 550, title: "Dune")),
            ])
        stub.respond(to: videosPath, with: Fixtures.videos(id: 550, [.init(key: "k")]))
        let viewModel = await loadedViewModel()

        #expect(viewModel.errorMessage == TMDBError.offline.message)
        #expect(!viewModel.isShowingDetail)

        #expect(viewModel.retry())
        #expect(viewModel.isLoading)
        #expect(viewModel.errorMessage == nil)
        #expect(await waitUntil { viewModel.isShowingDetail })
        #expect(viewModel.errorMessage == nil)
        #expect(viewModel.trailerLink == "https://www.youtube.com/watch?v=k")
        #expect(stub.requests(path: detailPath).count == 2)
        // Nothing left to retry.
        #expect(!viewModel.retry())
    }

    @Test func answerAfterTheScreenIsLeftIsIgnored() async {
        // E1: the user went back before the detail arrived.
        stub.respond(
            to: detailPath,
            with: Fixtures.detail(.init(id: 550, title: "Dune"), delay: .milliseconds(100)))
        let viewModel = MovieDetailViewModel(movie: movie)
        viewModel.viewDidLoad()
        let path = detailPath
        #expect(await stub.waitUntil { $0.requests(path: path).count == 1 })

        viewModel.viewDidDisappear()

        #expect(await stub.waitUntil { $0.isIdle })
        let unchanged = await staysTrue(for: .milliseconds(150)) { !viewModel.isShowingDetail }
        #expect(unchanged)
    }
}
