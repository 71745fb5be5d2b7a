import CleanData
import CleanDomain
import CleanPresentation
import ImagePipeline
import MovieUI
import TMDB
import TerminalUI
import ViewModelKit

/// Where the step starts: `swift run clean` and the acceptance tests both begin here.
@MainActor
public final class App: AppScene {
    private let container: AppDIContainer
    /// Kept for as long as the app runs, as a scene delegate keeps its coordinator.
    private var coordinator: AppCoordinator?

    public init(
        client: TMDBClient, imageLoader: any ImageLoading, timeWindow: TMDB.TimeWindow,
        clock: any Clock<Duration>
    ) {
        // No shared client and no shared loader: the container hands these to the
        // repositories, and the repositories to the use cases. Only this layer sees TMDB,
        // the image pipeline and the screens all.
        container = AppDIContainer(
            movieRepository: TMDBMovieRepository(client: client),
            posterRepository: PosterImageRepository(imageLoader: imageLoader),
            dataSourceName: client.configuration.dataSourceName,
            timeWindow: CleanDomain.TimeWindow(timeWindow), scheduler: MainScheduler(clock: clock))
    }

    public func makeRootViewController() -> ViewController {
        let coordinator = container.makeAppCoordinator()
        self.coordinator = coordinator
        return coordinator.start()
    }
}
