import TMDB
import TerminalUI

/// Owns the navigation: it assembles every screen, listens to what the screens announce,
/// and performs every push and pop. The controllers never meet each other.
@MainActor
final class AppCoordinator {
    private let window: TrendingWindow
    private(set) var navigationController: NavigationController?

    init(window: TrendingWindow) {
        self.window = window
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
        let viewController = TrendingViewController(viewModel: TrendingViewModel(window: window))
        viewController.onMovieSelected = { [weak self] movie in
            self?.showDetail(for: movie)
        }
        return viewController
    }

    private func makeMovieDetailViewController(for movie: Movie) -> MovieDetailViewController {
        let viewController = MovieDetailViewController(
            viewModel: MovieDetailViewModel(movie: movie))
        viewController.onBack = { [weak self] in
            self?.goBack()
        }
        return viewController
    }
}
