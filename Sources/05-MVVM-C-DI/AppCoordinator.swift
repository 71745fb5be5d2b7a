import TMDB
import TerminalUI

/// Owns the navigation: it asks the container for every screen, listens to what the
/// screens announce, and performs every push and pop. The controllers never meet each other.
@MainActor
final class AppCoordinator {
    private let container: AppDIContainer
    private(set) var navigationController: NavigationController?

    init(container: AppDIContainer) {
        self.container = container
    }

    /// Shows the first screen; the returned navigation controller is the app's root.
    func start() -> NavigationController {
        let navigationController = NavigationController(
            rootViewController: makeTrendingViewController())
        self.navigationController = navigationController
        return navigationController
    }

    // MARK: Navigation

    private func showDetail(for movie: Movie) {
        navigationController?.pushViewController(makeMovieDetailViewController(for: movie))
    }

    private func goBack() {
        navigationController?.popViewController()
    }

    // MARK: Assembly

    private func makeTrendingViewController() -> TrendingViewController {
        let viewController = container.makeTrendingViewController()
        viewController.onMovieSelected = { [weak self] movie in
            self?.showDetail(for: movie)
        }
        return viewController
    }

    private func makeMovieDetailViewController(for movie: Movie) -> MovieDetailViewController {
        let viewController = container.makeMovieDetailViewController(for: movie)
        viewController.onBack = { [weak self] in
            self?.goBack()
        }
        return viewController
    }
}
