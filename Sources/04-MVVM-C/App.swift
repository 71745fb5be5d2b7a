import MovieUI
import TMDB
import TerminalUI

/// Where the step starts: `swift run mvvm-c` and the acceptance tests both begin here.
@MainActor
public final class App: AppScene {
    private let window: TrendingWindow
    /// Kept for as long as the app runs, as a scene delegate keeps its coordinator.
    private var coordinator: AppCoordinator?

    public init(client: TMDBClient, window: TrendingWindow) {
        // Every screen reaches the network through this one shared client.
        TMDBClient.shared = client
        self.window = window
    }

    public func makeRootViewController() -> ViewController {
        let coordinator = AppCoordinator(window: window)
        self.coordinator = coordinator
        return coordinator.start()
    }
}
