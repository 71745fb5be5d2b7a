import MovieUI
import TMDB
import TerminalUI
import ViewModelKit

/// Where the step starts: `swift run mvvm-io` and the acceptance tests both begin here.
@MainActor
public final class App: AppScene {
    private let timeWindow: TimeWindow
    /// The time the search waits on: real in the app, virtual in tests.
    private let clock: any Clock<Duration>

    public init(client: TMDBClient, timeWindow: TimeWindow, clock: any Clock<Duration>) {
        // Every screen reaches the network through this one shared client.
        TMDBClient.shared = client
        self.timeWindow = timeWindow
        self.clock = clock
    }

    public func makeRootViewController() -> ViewController {
        let viewModel = TrendingViewModel(timeWindow: timeWindow)
        let searchViewModel = SearchViewModel(scheduler: MainScheduler(clock: clock))
        return NavigationController(
            rootViewController: TrendingViewController(
                viewModel: viewModel, searchViewModel: searchViewModel))
    }
}
