import Foundation
import StepTestSupport
import TMDB
import TerminalUI
import Testing

@testable import MVVMCDI

/// The coordinator built by the container pushes what the list announces and pops what the
/// detail announces; every screen gets the service the container was given.
@MainActor
struct AppCoordinatorTests {
    let service = FakeMovieService()
    let movie = Movie(id: 550, title: "Dune: Part Two", releaseDate: "2024-02-27")

    private func start() throws -> (AppCoordinator, NavigationController, TrendingViewController) {
        let container = AppDIContainer(movieService: service, window: .week)
        let coordinator = container.makeAppCoordinator()
        let navigationController = coordinator.start()
        let root = try #require(navigationController.topViewController as? TrendingViewController)
        return (coordinator, navigationController, root)
    }

    @Test func startShowsTheTrendingListAtTheRoot() throws {
        let (coordinator, navigationController, root) = try start()

        #expect(coordinator.navigationController === navigationController)
        #expect(navigationController.viewControllers.count == 1)
        #expect(root.navigationController === navigationController)
        #expect(root.onMovieSelected != nil)
        #expect(service.calls.isEmpty, "nothing loads before the screen is shown")
    }

    @Test func aSelectedMovieIsPushedAsItsDetailAndOnBackPopsIt() throws {
        // T11, D5
        let (coordinator, navigationController, root) = try start()

        root.onMovieSelected?(movie)

        let detail = try #require(
            navigationController.topViewController as? MovieDetailViewController)
        #expect(detail.viewModel.movie.id == 550)
        #expect(navigationController.viewControllers.count == 2)

        detail.onBack?()

        #expect(navigationController.viewControllers.count == 1)
        #expect(navigationController.topViewController === root)
        withExtendedLifetime(coordinator) {}
    }

    @Test func theBackKeyOnTheDetailGoesThroughTheCoordinator() throws {
        // D5
        let (coordinator, navigationController, root) = try start()
        root.onMovieSelected?(movie)
        let detail = try #require(navigationController.topViewController)

        #expect(detail.handle(.escape))

        #expect(navigationController.topViewController === root)
        withExtendedLifetime(coordinator) {}
    }

    @Test func thePushedDetailLoadsThroughTheContainersService() async throws {
        service.answerDetail(id: 550, with: .success(Sample.detail()))
        service.answerVideos(id: 550, with: .success([]))
        let (coordinator, navigationController, root) = try start()
        root.onMovieSelected?(movie)
        let detail = try #require(
            navigationController.topViewController as? MovieDetailViewController)

        detail.viewDidLoad()

        #expect(await eventually { service.answered.count == 2 })
        #expect(Set(service.calls) == [.movieDetail(id: 550), .movieVideos(id: 550)])
        withExtendedLifetime(coordinator) {}
    }

    @Test("E5: a detail popped while loading is freed with its view model")
    func poppedDetailIsFreed() async throws {
        let gate = Gate()
        service.answerDetail(id: 550, with: .success(Sample.detail()), gate: gate)
        service.answerVideos(id: 550, with: .success([]))
        let (coordinator, navigationController, root) = try start()
        weak var weakDetail: MovieDetailViewController?
        weak var weakViewModel: MovieDetailViewModel?
        do {
            root.onMovieSelected?(movie)
            let detail = try #require(
                navigationController.topViewController as? MovieDetailViewController)
            weakDetail = detail
            weakViewModel = detail.viewModel
            detail.viewDidLoad()
            #expect(await eventually { gate.waiterCount == 1 })
            detail.viewDidDisappear()
            detail.onBack?()
        }

        #expect(navigationController.topViewController === root)
        #expect(await eventually { weakDetail == nil }, "the popped controller stayed alive")
        #expect(await eventually { weakViewModel == nil }, "its view model stayed alive")
        gate.open()
        #expect(await eventually { service.answered.contains(.movieDetail(id: 550)) })
        withExtendedLifetime(coordinator) {}
    }

    @Test func theCoordinatorAndItsScreensHoldNoCycle() throws {
        // E5
        weak var weakCoordinator: AppCoordinator?
        weak var weakRoot: TrendingViewController?
        weak var weakDetail: MovieDetailViewController?
        do {
            let (coordinator, navigationController, root) = try start()
            root.onMovieSelected?(movie)
            weakCoordinator = coordinator
            weakRoot = root
            weakDetail = navigationController.topViewController as? MovieDetailViewController
        }

        #expect(weakDetail == nil)
        #expect(weakRoot == nil)
        #expect(weakCoordinator == nil)
    }
}

/// The composition root builds the live graph from a configuration alone.
@MainActor
struct AppDIContainerTests {
    @Test func theLiveGraphWorksWithSampleData() async throws {
        // No credential: the client serves the bundled sample data, no network.
        let client = TMDBClient(configuration: Configuration())
        let container = AppDIContainer(movieService: client, window: .day)
        let coordinator = container.makeAppCoordinator()
        let navigationController = coordinator.start()
        let root = try #require(navigationController.topViewController as? TrendingViewController)

        let viewDidLoad = AsyncStream.makeStream(of: Void.self)
        let output = root.viewModel.transform(
            input: TrendingViewModel.Input(
                viewDidLoad: viewDidLoad.stream, toggleWindow: AsyncStream { _ in },
                retry: AsyncStream { _ in }, selection: AsyncStream { _ in },
                selectMovie: AsyncStream { _ in }))
        let recorder = StateRecorder(output.state)
        viewDidLoad.continuation.yield()

        let loaded = try #require(await recorder.first { !$0.rows.isEmpty })
        #expect(loaded.state.subtitle == "today · sample data")
        #expect(loaded.state.rows[0].rank == "1")

        // The detail the coordinator pushes gets the same service.
        let first = loaded.state.rows.movie(at: 0)
        root.onMovieSelected?(first)
        let detail = try #require(
            navigationController.topViewController as? MovieDetailViewController)
        let detailLoad = AsyncStream.makeStream(of: Void.self)
        let detailOutput = detail.viewModel.transform(
            input: MovieDetailViewModel.Input(
                viewDidLoad: detailLoad.stream, retry: AsyncStream { _ in },
                viewDidDisappear: AsyncStream { _ in }))
        let detailRecorder = StateRecorder(detailOutput.state)
        detailLoad.continuation.yield()

        let shown = try #require(await detailRecorder.first { !$0.isLoading })
        #expect(shown.state.isShowingDetail, "\(shown.state.errorMessage ?? "")")
        #expect(shown.state.subtitle == "sample data")
        #expect(shown.state.title == first.title)
        withExtendedLifetime(coordinator) {}
    }
}
