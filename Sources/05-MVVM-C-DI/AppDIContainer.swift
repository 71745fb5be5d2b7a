import ImagePipeline
import TMDB
import TerminalUI
import ViewModelKit

/// The composition root: the one place that decides which implementation each part gets
/// and builds the object graph. Everything else receives what it needs through its
/// initialiser; the coordinators receive the container itself, seen through their
/// dependencies protocols.
@MainActor
final class AppDIContainer {
    private let movieService: any MovieService
    private let imageLoader: any ImageLoading
    /// "sample data" or "TMDB", for the headers.
    private let dataSourceName: String
    private let timeWindow: TimeWindow
    /// The time the search waits on.
    private let scheduler: any SchedulerType

    init(
        movieService: any MovieService, imageLoader: any ImageLoading, dataSourceName: String,
        timeWindow: TimeWindow, scheduler: any SchedulerType
    ) {
        self.movieService = movieService
        self.imageLoader = imageLoader
        self.dataSourceName = dataSourceName
        self.timeWindow = timeWindow
        self.scheduler = scheduler
    }

    func makeAppCoordinator() -> AppCoordinator {
        AppCoordinator(dependencies: self)
    }

    func makeMovieDetailCoordinator(
        navigationController: NavigationController, movie: Movie
    ) -> MovieDetailCoordinator {
        MovieDetailCoordinator(
            dependencies: self, navigationController: navigationController, movie: movie)
    }

    func makeTrendingViewController(
        actions: TrendingViewModelActions,
        searchResultsController: any ViewController & SearchResultsUpdating
    ) -> TrendingViewController {
        TrendingViewController(
            viewModel: TrendingViewModel(
                timeWindow: timeWindow, actions: actions, movieService: movieService,
                imageLoader: imageLoader, dataSourceName: dataSourceName),
            searchResultsController: searchResultsController)
    }

    func makeSearchResultsViewController(
        actions: SearchViewModelActions
    ) -> SearchResultsViewController {
        SearchResultsViewController(
            viewModel: SearchViewModel(
                scheduler: scheduler, actions: actions, movieService: movieService,
                imageLoader: imageLoader))
    }

    func makeMovieDetailViewController(for movie: Movie) -> MovieDetailViewController {
        MovieDetailViewController(
            viewModel: MovieDetailViewModel(
                movie: movie, movieService: movieService, imageLoader: imageLoader,
                dataSourceName: dataSourceName))
    }
}

// MARK: - The coordinators' dependencies

extension AppDIContainer: AppCoordinatorDependencies {}

extension AppDIContainer: MovieDetailCoordinatorDependencies {}
