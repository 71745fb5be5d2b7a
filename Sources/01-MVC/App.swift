import MovieUI
import TMDB
import TerminalUI

/// Where the step starts: `swift run mvc` and the acceptance tests both begin here.
@MainActor
public final class App: AppScene {
    private let window: TrendingWindow
    /// The time the search waits on: real in the app, virtual in tests.
    private let clock: any Clock<Duration>

    public init(client: TMDBClient, window: TrendingWindow, clock: any Clock<Duration>) {
        // Every screen reaches the network through this one shared client.
        TMDBClient.shared = client
        self.window = window
        self.clock = clock
    }

    public func makeRootViewController() -> ViewController {
        NavigationController(
            rootViewController: TrendingViewController(window: window, clock: clock))
    }
}
