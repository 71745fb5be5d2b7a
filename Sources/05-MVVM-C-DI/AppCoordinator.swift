import TMDB
import TerminalUI

/// What the app's flow needs built. The container conforms; the coordinator sees only
/// this, so it can make the screens it navigates between and reach nothing else.
@MainActor
protocol AppCoordinatorDependencies {
    func makeTrendingViewController(
        actions: TrendingViewModelActions,
        searchResultsController: any ViewController & SearchResultsUpdating
    ) -> TrendingViewController
    func makeSearchResultsViewController(
        actions: SearchViewModelActions
    ) -> SearchResultsViewController
    func makeMovieDetailCoordinator(
        navigationController: NavigationController, movie: Movie
    ) -> MovieDetailCoordinator
}

/// Owns the navigation: it asks its dependencies for the list and its search, starts a
/// child coordinator for every movie the user opens, and learns from the navigation
/// controller when the user went back. The controllers never meet each other.
@MainActor
final class AppCoordinator: NavigationControllerDelegate {
    private let dependencies: any AppCoordinatorDependencies
    private(set) var navigationController: NavigationController?
    /// The flows started from the list, kept while their screens are on the stack.
    private(set) var childCoordinators: [MovieDetailCoordinator] = []

    init(dependencies: any AppCoordinatorDependencies) {
        self.dependencies = dependencies
    }

    /// Shows the first screen; the returned navigation controller is the app's root.
    func start() -> NavigationController {
        let navigationController = NavigationController(
            rootViewController: makeTrendingViewController())
        navigationController.delegate = self
        self.navigationController = navigationController
        return navigationController
    }

    // MARK: Navigation

    private func showDetail(for movie: Movie) {
        guard let navigationController else { return }
        let coordinator = dependencies.makeMovieDetailCoordinator(
            navigationController: navigationController, movie: movie)
        childCoordinators.append(coordinator)
        coordinator.start()
    }

    /// The navigation controller owns going back (b, h, Esc, Backspace, ←), as UIKit's back
    /// button does, so this is where a flow whose screen has left the stack is let go (E5).
    func navigationController(
        _ navigationController: NavigationController, didShow viewController: ViewController,
        animated: Bool
    ) {
        childCoordinators.removeAll { coordinator in
            !navigationController.viewControllers.contains { $0 === coordinator.viewController }
        }
    }

    // MARK: Assembly

    private func makeTrendingViewController() -> TrendingViewController {
        let actions = TrendingViewModelActions(showMovieDetail: { [weak self] movie in
            self?.showDetail(for: movie)
        })
        return dependencies.makeTrendingViewController(
            actions: actions, searchResultsController: makeSearchResultsViewController())
    }

    /// S7: a result opens its detail the same way a trending row does.
    private func makeSearchResultsViewController() -> SearchResultsViewController {
        let actions = SearchViewModelActions(showMovieDetail: { [weak self] movie in
            self?.showDetail(for: movie)
        })
        return dependencies.makeSearchResultsViewController(actions: actions)
    }
}
