import CleanDomain
import CleanPresentation
import TerminalUI
import ViewModelKit

/// The composition root: the one place that decides which implementation each part gets
/// and builds the object graph, from the repository through the use cases to the screens.
/// Everything else receives what it needs through its initialiser; the coordinators receive
/// the container itself, seen through their dependencies protocols.
@MainActor
final class AppDIContainer {
    private let movieRepository: any MovieRepository
    private let posterRepository: any PosterRepository
    /// "sample data" or "TMDB", for the headers.
    private let dataSourceName: String
    private let timeWindow: TimeWindow
    /// The time the search waits on.
    private let scheduler: any SchedulerType

    init(
        movieRepository: any MovieRepository, posterRepository: any PosterRepository,
        dataSourceName: String, timeWindow: TimeWindow, scheduler: any SchedulerType
    ) {
        self.movieRepository = movieRepository
        self.posterRepository = posterRepository
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
                timeWindow: timeWindow, actions: actions,
                fetchTrendingMovies: FetchTrendingMoviesUseCase(repository: movieRepository),
                fetchPoster: FetchPosterUseCase(repository: posterRepository),
                dataSourceName: dataSourceName),
            searchResultsController: searchResultsController)
    }

    func makeSearchResultsViewController(
        actions: SearchViewModelActions
    ) -> SearchResultsViewController {
        SearchResultsViewController(
            viewModel: SearchViewModel(
                scheduler: scheduler, actions: actions,
                searchMovies: SearchMoviesUseCase(repository: movieRepository),
                fetchPoster: FetchPosterUseCase(repository: posterRepository)))
    }

    func makeMovieDetailViewController(for movie: Movie) -> MovieDetailViewController {
        MovieDetailViewController(
            viewModel: MovieDetailViewModel(
                movie: movie,
                fetchMovieDetail: FetchMovieDetailUseCase(repository: movieRepository),
                fetchPoster: FetchPosterUseCase(repository: posterRepository),
                dataSourceName: dataSourceName))
    }
}

// MARK: - The coordinators' dependencies

extension AppDIContainer: AppCoordinatorDependencies {}

extension AppDIContainer: MovieDetailCoordinatorDependencies {}
