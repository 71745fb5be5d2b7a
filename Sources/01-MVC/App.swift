import ImagePipeline
import MovieUI
import TMDB
import TerminalUI

/// Where the step starts: `swift run mvc` and the acceptance tests both begin here.
@MainActor
public final class App: AppScene {
    private let timeWindow: TimeWindow
    /// The time the search waits on: real in the app, virtual in tests.
    private let clock: any Clock<Duration>

    public init(
        client: TMDBClient, imageLoader: any ImageLoading, timeWindow: TimeWindow,
        clock: any Clock<Duration>
    ) {
        // Every screen reaches the network through this one shared client, and its posters
        // through this one shared loader.
        TMDBClient.shared = client
        ImagePipeline.shared = imageLoader
        self.timeWindow = timeWindow
        self.clock = clock
    }

    public func makeRootViewController() -> ViewController {
        NavigationController(
            rootViewController: TrendingViewController(timeWindow: timeWindow, clock: clock))
    }
}
