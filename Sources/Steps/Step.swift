import MVC
import MVVM
import MVVMC
import MVVMCDI
import MVVMIO
import MovieUI
import TMDB

/// The architecture steps of the course, in order, as the acceptance suite, the bench and
/// the lessons tool see them.
///
/// Adding a step means adding one case to `all`; no acceptance scenario changes.
public struct Step: Sendable, CustomStringConvertible {
    /// 1-based position on the path.
    public let number: Int
    /// The product name, as in `swift run mvc`.
    public let command: String
    /// The module name, e.g. `MVVM`.
    public let module: String
    /// The folder under Sources, e.g. `02-MVVM`.
    public let folder: String
    /// What the step changes, in one line.
    public let summary: String
    public let makeScene:
        @MainActor @Sendable (TMDBClient, TrendingWindow, any Clock<Duration>) -> any AppScene

    public var description: String { command }

    public static let mvc = Step(
        number: 1, command: "mvc", module: "MVC", folder: "01-MVC",
        summary: "Controllers fetch, keep state, format and render; one shared client."
    ) { MVC.App(client: $0, window: $1, clock: $2) }

    public static let mvvm = Step(
        number: 2, command: "mvvm", module: "MVVM", folder: "02-MVVM",
        summary: "State, loading and formatting move into @Observable view models."
    ) { MVVM.App(client: $0, window: $1, clock: $2) }

    public static let mvvmIO = Step(
        number: 3, command: "mvvm-io", module: "MVVMIO", folder: "03-MVVM-IO",
        summary: "View models become transform(input:) -> Output on a synchronous reactive core."
    ) { MVVMIO.App(client: $0, window: $1, clock: $2) }

    public static let mvvmC = Step(
        number: 4, command: "mvvm-c", module: "MVVMC", folder: "04-MVVM-C",
        summary: "Navigation leaves the controllers for an AppCoordinator."
    ) { MVVMC.App(client: $0, window: $1, clock: $2) }

    public static let mvvmCDI = Step(
        number: 5, command: "mvvm-c-di", module: "MVVMCDI", folder: "05-MVVM-C-DI",
        summary: "No singletons: services are protocols, an AppDIContainer injects everything."
    ) { MVVMCDI.App(client: $0, window: $1, clock: $2) }

    public static let all: [Step] = [.mvc, .mvvm, .mvvmIO, .mvvmC, .mvvmCDI]
}
