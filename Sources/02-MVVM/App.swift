import TMDB
import TerminalUI

/// Where the step starts: `swift run mvvm` and the acceptance tests both come in here.
public enum App {
    /// The first screen. In MVVM every view model reaches the network through one shared client.
    @MainActor
    public static func makeRootViewController(client: TMDBClient, window: TrendingWindow)
        -> ViewController
    {
        TMDBClient.shared = client
        let viewModel = TrendingViewModel(window: window)
        return NavigationController(rootViewController: TrendingViewController(viewModel: viewModel))
    }
}
