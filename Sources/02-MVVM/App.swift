import MovieUI
import TMDB
import TerminalUI

/// Where the step starts: `swift run mvvm` and the acceptance tests both begin here.
@MainActor
public final class App: AppScene {
    private let window: TrendingWindow

    public init(client: TMDBClient, window: TrendingWindow) {
        // Every screen reaches the network through this one shared client.
        TMDBClient.shared = client
        self.window = window
    }

    public func makeRootViewController() -> ViewController {
        let viewModel = TrendingViewModel(window: window)
        return NavigationController(
            rootViewController: TrendingViewController(viewModel: viewModel))
    }
}
