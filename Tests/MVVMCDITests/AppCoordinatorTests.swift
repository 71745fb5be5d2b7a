import Foundation
import MovieDomain
import MoviePresentation
import StepTestSupport
import TMDB
import TerminalUI
import Testing
import ViewModelKit

@testable import MVVMCDI

/// The coordinator built by the container pushes what the list announces through a child
/// coordinator, and lets that flow go when the navigation controller says the user went
/// back; every screen gets the service the container was given. Screens are shown in an
/// `Application` on a virtual terminal, because the navigation controller tells its delegate
/// only on screen, as UIKit's does.
@MainActor
struct AppCoordinatorTests {
    let service = FakeMovieService()
    let movie = Movie(id: 550, title: "Dune: Part Two", releaseDate: "2024-02-27")

    init() {
        // The list on screen: the movie the tests open on its first row.
        service.answerTrending(page: 1, with: .success(Sample.page(1, of: 1, [movie])))
    }

    private func start() throws -> (AppCoordinator, NavigationController, TrendingViewController) {
        let container = AppDIContainer(
            movieService: service, imageLoader: FakeImageLoader(), dataSourceName: "fake data",
            timeWindow: .week,
            scheduler: MainScheduler.instance)
        let coordinator = container.makeAppCoordinator()
        let navigationController = coordinator.start()
        let root = try #require(navigationController.topViewController as? TrendingViewController)
        return (coordinator, navigationController, root)
    }

    /// Puts the navigation controller on a screen, as a window would.
    private func show(_ navigationController: NavigationController) -> (
        VirtualTerminal, Application
    ) {
        let terminal = VirtualTerminal()
        let application = Application(
            rootViewController: navigationController, terminal: terminal,
            help: HelpContent(title: "Keys", entries: [], notes: []))
        application.start()
        return (terminal, application)
    }

    /// T11: opens the movie on the first row as the user does, once the list has loaded.
    /// Only the view model calls its actions, so a test goes through the keys.
    private func openTheFirstRow(on application: Application) async {
        #expect(await application.waitUntilSettled(timeout: .seconds(60)), "the list never loaded")
        application.send(.enter)
    }

    @Test func startShowsTheTrendingListAtTheRoot() throws {
        let (coordinator, navigationController, root) = try start()

        #expect(coordinator.navigationController === navigationController)
        #expect(navigationController.delegate === coordinator)
        #expect(navigationController.viewControllers.count == 1)
        #expect(root.navigationController === navigationController)
        #expect(service.calls.isEmpty, "nothing loads before the screen is shown")
    }

    /// The coordinators see only their dependencies protocols, so any conforming type can
    /// stand in for the container: here one that records what it is asked to build and
    /// builds it with a real container.
    final class RecordingDependencies: AppCoordinatorDependencies,
        MovieDetailCoordinatorDependencies
    {
        let container: AppDIContainer
        private(set) var made: [String] = []

        init(container: AppDIContainer) {
            self.container = container
        }

        func makeTrendingViewController(
            actions: TrendingViewModelActions,
            searchResultsController: any ViewController & SearchResultsUpdating
        ) -> TrendingViewController {
            made.append("list")
            return container.makeTrendingViewController(
                actions: actions, searchResultsController: searchResultsController)
        }

        func makeSearchResultsViewController(
            actions: SearchViewModelActions
        ) -> SearchResultsViewController {
            made.append("search results")
            return container.makeSearchResultsViewController(actions: actions)
        }

        func makeMovieDetailCoordinator(
            navigationController: NavigationController, movie: Movie
        ) -> MovieDetailCoordinator {
            made.append("flow of \(movie.id)")
            return MovieDetailCoordinator(
                dependencies: self, navigationController: navigationController, movie: movie)
        }

        func makeMovieDetailViewController(for movie: Movie) -> MovieDetailViewController {
            made.append("detail of \(movie.id)")
            return container.makeMovieDetailViewController(for: movie)
        }
    }

    @Test func theCoordinatorsBuildEverythingThroughTheirDependencies() async throws {
        let dependencies = RecordingDependencies(
            container: AppDIContainer(
                movieService: service, imageLoader: FakeImageLoader(), dataSourceName: "fake data",
                timeWindow: .week,
                scheduler: MainScheduler.instance))
        let coordinator = AppCoordinator(dependencies: dependencies)
        let navigationController = coordinator.start()
        #expect(dependencies.made == ["search results", "list"])

        let (_, application) = show(navigationController)
        await openTheFirstRow(on: application)

        #expect(dependencies.made == ["search results", "list", "flow of 550", "detail of 550"])
        let detail = try #require(
            navigationController.topViewController as? MovieDetailViewController)
        #expect(detail.viewModel.movie.id == 550)
        #expect(coordinator.childCoordinators.first?.viewController === detail)
    }

    @Test func aSelectedMovieIsPushedByAChildCoordinatorAndTheBackKeyLetsItGo() async throws {
        // T11, D5, E5
        let (coordinator, navigationController, root) = try start()
        let (terminal, application) = show(navigationController)

        await openTheFirstRow(on: application)

        let detail = try #require(
            navigationController.topViewController as? MovieDetailViewController)
        #expect(detail.viewModel.movie.id == 550)
        #expect(navigationController.viewControllers.count == 2)
        #expect(coordinator.childCoordinators.first?.viewController === detail)
        weak var weakChild: MovieDetailCoordinator?
        weakChild = coordinator.childCoordinators.first

        terminal.type(.escape)
        #expect(await application.waitUntilSettled(timeout: .seconds(60)))

        #expect(navigationController.topViewController === root)
        #expect(coordinator.childCoordinators.isEmpty)
        #expect(weakChild == nil)
    }

    @Test func thePushedDetailLoadsThroughTheContainersService() async throws {
        service.answerDetail(id: 550, with: .success(Sample.detail()))
        service.answerVideos(id: 550, with: .success([]))
        let (coordinator, navigationController, _) = try start()
        let (_, application) = show(navigationController)
        await openTheFirstRow(on: application)

        #expect(await application.waitUntilSettled(timeout: .seconds(60)))

        #expect(
            await eventually(timeout: .seconds(60)) {
                service.answered.contains(.movieDetail(id: 550))
                    && service.answered.contains(.movieVideos(id: 550))
            })
        #expect(
            Set(service.calls.filter { $0 != .trendingMovies(timeWindow: .week, page: 1) }) == [
                .movieDetail(id: 550), .movieVideos(id: 550),
            ])
        withExtendedLifetime(coordinator) {}
    }

    @Test("E5: a detail popped while loading is freed with its view model and coordinator")
    func poppedDetailIsFreed() async throws {
        let gate = Gate()
        service.answerDetail(id: 550, with: .success(Sample.detail()), gate: gate)
        service.answerVideos(id: 550, with: .success([]))
        let (coordinator, navigationController, root) = try start()
        let (terminal, application) = show(navigationController)
        weak var weakDetail: MovieDetailViewController?
        weak var weakViewModel: MovieDetailViewModel?
        weak var weakChild: MovieDetailCoordinator?
        do {
            await openTheFirstRow(on: application)
            let detail = try #require(
                navigationController.topViewController as? MovieDetailViewController)
            weakDetail = detail
            weakViewModel = detail.viewModel
            weakChild = coordinator.childCoordinators.first
            #expect(await eventually(timeout: .seconds(60)) { gate.waiterCount == 1 })
        }
        terminal.type(.character("b"))
        #expect(await application.waitUntilSettled(timeout: .seconds(60)))

        #expect(navigationController.topViewController === root)
        #expect(
            await eventually(timeout: .seconds(60)) { weakDetail == nil },
            "the popped controller stayed alive")
        #expect(
            await eventually(timeout: .seconds(60)) { weakViewModel == nil },
            "its view model stayed alive")
        #expect(weakChild == nil, "its coordinator stayed alive")
        gate.open()
        #expect(
            await eventually(timeout: .seconds(60)) {
                service.answered.contains(.movieDetail(id: 550))
            })
        withExtendedLifetime(coordinator) {}
    }

    @Test func theCoordinatorAndItsScreensHoldNoCycle() async throws {
        // E5: once the app lets go of the coordinator and its screen, everything goes.
        weak var weakCoordinator: AppCoordinator?
        weak var weakRoot: TrendingViewController?
        weak var weakDetail: MovieDetailViewController?
        weak var weakChild: MovieDetailCoordinator?
        do {
            let (coordinator, navigationController, root) = try start()
            let (_, application) = show(navigationController)
            await openTheFirstRow(on: application)
            #expect(await application.waitUntilSettled(timeout: .seconds(60)))
            application.quit()
            weakCoordinator = coordinator
            weakRoot = root
            weakDetail = navigationController.topViewController as? MovieDetailViewController
            weakChild = coordinator.childCoordinators.first
            #expect(weakDetail != nil && weakChild != nil, "Enter opened no detail")
        }

        #expect(weakDetail == nil)
        #expect(weakChild == nil)
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
        let container = AppDIContainer(
            movieService: client, imageLoader: FakeImageLoader(),
            dataSourceName: client.configuration.dataSourceName,
            timeWindow: .day, scheduler: MainScheduler.instance)
        let coordinator = container.makeAppCoordinator()
        let navigationController = coordinator.start()
        let root = try #require(navigationController.topViewController as? TrendingViewController)
        let disposeBag = DisposeBag()

        let viewDidLoad = PublishRelay<Void>()
        let selectMovie = PublishRelay<Int>()
        let output = root.viewModel.transform(
            input: TrendingViewModel.Input(
                viewDidLoad: viewDidLoad.asSignal(), toggleTimeWindow: .never(), retry: .never(),
                selection: .never(), rowWillDisplay: .never(),
                selectMovie: selectMovie.asSignal(), hasRoomForPreview: .just(false)))
        let listValues = Tally()
        var listSubtitle = ""
        var rows = MovieRows<Movie>()
        output.subtitle
            .drive(onNext: { value in
                listSubtitle = value
                listValues.increment()
            })
            .disposed(by: disposeBag)
        output.rows
            .drive(onNext: { value in
                rows = value
                listValues.increment()
            })
            .disposed(by: disposeBag)
        output.selectedMovie.emit().disposed(by: disposeBag)
        viewDidLoad.accept(())

        // Page 1 arrives.
        #expect(
            await waitUntil {
                _ = listValues.count
                return !rows.isEmpty
            })
        #expect(listSubtitle == "today · sample data")
        let first = try #require(rows.first)
        #expect(first.rank == "1")

        // Enter on the first row: the view model tells the coordinator, which pushes a
        // detail that gets the same service.
        selectMovie.accept(0)
        let detail = try #require(
            navigationController.topViewController as? MovieDetailViewController)
        let detailLoad = PublishRelay<Void>()
        let detailOutput = detail.viewModel.transform(
            input: MovieDetailViewModel.Input(
                viewDidLoad: detailLoad.asSignal(), retry: .never(), viewDidDisappear: .never()))
        let detailLoads = Tally()
        var shown: MovieDetailContent?
        var errorMessage: String?
        var subtitle = ""
        var title = ""
        detailOutput.isLoading
            .drive(onNext: { _ in detailLoads.increment() })
            .disposed(by: disposeBag)
        detailOutput.detail.drive(onNext: { shown = $0 }).disposed(by: disposeBag)
        detailOutput.errorMessage.drive(onNext: { errorMessage = $0 }).disposed(by: disposeBag)
        detailOutput.subtitle.drive(onNext: { subtitle = $0 }).disposed(by: disposeBag)
        detailOutput.title.drive(onNext: { title = $0 }).disposed(by: disposeBag)
        detailLoad.accept(())

        // `false` before the load, `true`, then `false` once it has come.
        #expect(await detailLoads.wait(until: 3))
        #expect(shown != nil, "\(errorMessage ?? "")")
        #expect(subtitle == "sample data")
        #expect(title == first.title)
        withExtendedLifetime(coordinator) {}
    }
}
