import TMDB
import TerminalUI
import ViewModelKit

/// Owns the navigation: it assembles the list and its search, starts a child coordinator for
/// every movie the user opens, and learns from the navigation controller when the user went
/// back. The controllers never meet each other.
@MainActor
final class AppCoordinator: NavigationControllerDelegate {
    private let timeWindow: TimeWindow
    /// The time the search waits on.
    private let scheduler: any SchedulerType
    private(set) var navigationController: NavigationController?
    /// The flows started from the list, kept while their screens are on the stack.
    private(set) var childCoordinators: [MovieDetailCoordinator] = []

    init(timeWindow: TimeWindow, scheduler: any SchedulerType) {
        self.timeWindow = timeWindow
        self.scheduler = scheduler
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
        let coordinator = MovieDetailCoordinator(
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
        return TrendingViewController(
            viewModel: TrendingViewModel(timeWindow: timeWindow, actions: actions),
            searchResultsController: makeSearchResultsViewController())
    }

    /// S7: a result opens its detail the same way a trending row does.
    private func makeSearchResultsViewController() -> SearchResultsViewController {
        let actions = SearchViewModelActions(showMovieDetail: { [weak self] movie in
            self?.showDetail(for: movie)
        })
        return SearchResultsViewController(
            viewModel: SearchViewModel(scheduler: scheduler, actions: actions))
    }
}
