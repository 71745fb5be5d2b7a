import TMDB
import TerminalUI

/// The composition root: the one place that decides which implementation each part gets
/// and builds the object graph. Everything else receives what it needs through its
/// initialiser.
@MainActor
final class AppDIContainer {
    private let movieService: any MovieService
    /// "sample data" or "TMDB", for the headers.
    private let dataSourceName: String
    private let window: TrendingWindow

    init(movieService: any MovieService, dataSourceName: String, window: TrendingWindow) {
        self.movieService = movieService
        self.dataSourceName = dataSourceName
        self.window = window
    }

    func makeAppCoordinator() -> AppCoordinator {
        AppCoordinator(container: self)
    }

    func makeMovieDetailCoordinator(
        navigationController: NavigationController, movie: Movie
    ) -> MovieDetailCoordinator {
        MovieDetailCoordinator(
            container: self, navigationController: navigationController, movie: movie)
    }

    func makeTrendingViewController() -> TrendingViewController {
        TrendingViewController(
            viewModel: TrendingViewModel(
                window: window, movieService: movieService, dataSourceName: dataSourceName))
    }

    func makeMovieDetailViewController(for movie: Movie) -> MovieDetailViewController {
        MovieDetailViewController(
            viewModel: MovieDetailViewModel(
                movie: movie, movieService: movieService, dataSourceName: dataSourceName))
    }
}
