import TMDB
import TerminalUI

/// Owns one movie's flow: it asks the container for the detail screen and pushes it.
/// Whoever starts it keeps it for as long as its screen is on the navigation stack.
@MainActor
final class MovieDetailCoordinator {
    private let container: AppDIContainer
    private let navigationController: NavigationController
    private let movie: Movie
    /// The screen this flow shows; weak, because the navigation stack owns it.
    private(set) weak var viewController: MovieDetailViewController?

    init(container: AppDIContainer, navigationController: NavigationController, movie: Movie) {
        self.container = container
        self.navigationController = navigationController
        self.movie = movie
    }

    func start() {
        let viewController = container.makeMovieDetailViewController(for: movie)
        self.viewController = viewController
        navigationController.pushViewController(viewController, animated: true)
    }
}
