import TMDB
import TerminalUI

/// Owns one movie's flow: it assembles the detail screen and pushes it. Whoever starts it
/// keeps it for as long as its screen is on the navigation stack.
@MainActor
final class MovieDetailCoordinator {
    private let navigationController: NavigationController
    private let movie: Movie
    /// The screen this flow shows; weak, because the navigation stack owns it.
    private(set) weak var viewController: MovieDetailViewController?

    init(navigationController: NavigationController, movie: Movie) {
        self.navigationController = navigationController
        self.movie = movie
    }

    func start() {
        let viewController = MovieDetailViewController(
            viewModel: MovieDetailViewModel(movie: movie))
        self.viewController = viewController
        navigationController.pushViewController(viewController, animated: true)
    }
}
