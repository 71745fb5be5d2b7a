import MovieUI
import TMDB
import TerminalUI

import MVC
import MVVM

/// One architecture step as the acceptance suite sees it: a command and a first screen.
///
/// Adding a step to the course means adding one case to `all`; no scenario changes.
struct Step: Sendable, CustomStringConvertible {
    /// The product name, as in `swift run mvc`.
    let command: String
    let makeScene: @MainActor @Sendable (TMDBClient, TrendingWindow) -> any AppScene

    var description: String { command }

    static let mvc = Step(command: "mvc") { MVC.App(client: $0, window: $1) }

    static let mvvm = Step(command: "mvvm") { MVVM.App(client: $0, window: $1) }

    static let all: [Step] = [.mvc, .mvvm]
}
