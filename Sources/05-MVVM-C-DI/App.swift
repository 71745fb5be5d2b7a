import ImagePipeline
import MovieUI
import TMDB
import TerminalUI
import ViewModelKit

/// Where the step starts: `swift run mvvm-c-di` and the acceptance tests both begin here.
@MainActor
public final class App: AppScene {
    private let container: AppDIContainer
    /// Kept for as long as the app runs, as a scene delegate keeps its coordinator.
    private var coordinator: AppCoordinator?

    public init(
        client: TMDBClient, imageLoader: any ImageLoading, timeWindow: TimeWindow,
        clock: any Clock<Duration>
    ) {
        // No shared client and no shared loader: the container hands these to whoever
        // needs them.
        container = AppDIContainer(
            movieService: client, imageLoader: imageLoader,
            dataSourceName: client.configuration.dataSourceName, timeWindow: timeWindow,
            scheduler: MainScheduler(clock: clock))
    }

    public func makeRootViewController() -> ViewController {
        let coordinator = container.makeAppCoordinator()
        self.coordinator = coordinator
        return coordinator.start()
    }
}
