import TerminalUI

/// Where a step starts, like a scene delegate on iOS: the launcher creates one, keeps it for
/// as long as the app runs, and asks it for the first screen.
@MainActor
public protocol AppScene: AnyObject {
    func makeRootViewController() -> ViewController
}
