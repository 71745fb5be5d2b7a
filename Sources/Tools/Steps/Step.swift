import CleanApp
import Foundation
import ImagePipeline
import MVC
import MVVM
import MVVMC
import MVVMCDI
import MVVMIO
import MovieUI
import StepCatalog
import TMDB

/// An architecture step of the course with its code, as the acceptance suite and the bench run
/// it: an entry of the step catalog (`StepEntry.all`) and the app that the step's module builds.
public struct Step: Sendable, CustomStringConvertible {
    /// Builds the step's app on a client, a poster loader, a first window and a clock.
    public typealias MakeScene =
        @MainActor @Sendable (TMDBClient, any ImageLoading, TimeWindow, any Clock<Duration>) ->
        any AppScene

    /// The step's number, names and summary.
    public let entry: StepEntry
    public let makeScene: MakeScene

    /// 1-based position on the path.
    public var number: Int { entry.number }
    /// The product name, as in `swift run mvc`.
    public var command: String { entry.product }
    /// The module name, e.g. `MVVM`.
    public var module: String { entry.module }
    /// The folder under Sources, e.g. `02-MVVM`.
    public var folder: String { entry.folder }
    /// What the step changes, in one line.
    public var summary: String { entry.summary }

    public var description: String { command }

    /// Each step's app, by the module that holds it. The catalog says which steps there are and
    /// in which order; this says only which code each one runs. A catalog step missing here
    /// fails Tests/LessonsTests/StepCatalogTests.swift.
    static let apps: [String: MakeScene] = [
        "MVC": { MVC.App(client: $0, imageLoader: $1, timeWindow: $2, clock: $3) },
        "MVVM": { MVVM.App(client: $0, imageLoader: $1, timeWindow: $2, clock: $3) },
        "MVVMIO": { MVVMIO.App(client: $0, imageLoader: $1, timeWindow: $2, clock: $3) },
        "MVVMC": { MVVMC.App(client: $0, imageLoader: $1, timeWindow: $2, clock: $3) },
        "MVVMCDI": { MVVMCDI.App(client: $0, imageLoader: $1, timeWindow: $2, clock: $3) },
        "CleanApp": { CleanApp.App(client: $0, imageLoader: $1, timeWindow: $2, clock: $3) },
    ]

    /// Every step of the catalog that has its app, in the catalog's order; or, when the
    /// environment variable `ACCEPTANCE_STEPS` names products (`mvvm-io`, or `mvc,mvvm`), only
    /// those, so that `lessons check` runs the acceptance scenarios against the step of its
    /// exercise alone (Swift Testing cannot pick one argument of a test from the command line).
    ///
    /// Adding a step adds an argument to every acceptance scenario, never a test.
    public static let all: [Step] = {
        let every = StepEntry.all.compactMap { entry in
            apps[entry.module].map { Step(entry: entry, makeScene: $0) }
        }
        let chosen = StepEntry.selected(
            from: every.map(\.entry), by: ProcessInfo.processInfo.environment["ACCEPTANCE_STEPS"])
        return every.filter { step in chosen.contains(step.entry) }
    }()
}
