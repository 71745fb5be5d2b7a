import CleanDomain
import TerminalUI

/// What one movie's flow needs built. The container conforms.
@MainActor
public protocol MovieDetailCoordinatorDependencies {
    func makeMovieDetailViewController(for movie: Movie) -> MovieDetailViewController
}

/// Owns one movie's flow: it asks its dependencies for the detail screen and pushes it.
/// Whoever starts it keeps it for as long as its screen is on the navigation stack.
@MainActor
public final class MovieDetailCoordinator {
    private let dependencies: any MovieDetailCoordinatorDependencies
    private let navigationController: NavigationController
    private let movie: Movie
    /// The screen this flow shows; weak, because the navigation stack owns it.
    private(set) weak var viewController: MovieDetailViewController?

    public init(
        dependencies: any MovieDetailCoordinatorDependencies,
        navigationController: NavigationController, movie: Movie
    ) {
        self.dependencies = dependencies
        self.navigationController = navigationController
        self.movie = movie
    }

    func start() {
        let viewController = dependencies.makeMovieDetailViewController(for: movie)
        self.viewController = viewController
        navigationController.pushViewController(viewController, animated: true)
    }
}
