import TMDB
import TerminalUI

/// Where the step starts: `swift run mvc` and the acceptance tests both come in here.
public enum App {
    /// The first screen. In MVC every controller reaches the network through one shared client.
    @MainActor
    public static func makeRootViewController(client: TMDBClient, window: TrendingWindow)
        -> ViewController
    {
        TMDBClient.shared = client
        return NavigationController(rootViewController: TrendingViewController(window: window))
    }
}
