/// Where frames go and keys come from.
@MainActor public protocol TerminalDevice: AnyObject {
    var size: Size { get }
    /// One call per frame.
    func write(_ bytes: [UInt8])
    var events: AsyncStream<TerminalEvent> { get }
    /// Ctrl-Z: hand the terminal back to the shell until the user brings the app back.
    func suspend()
    /// The shortest time between two frames.
    var frameInterval: Duration { get }
}

extension TerminalDevice {
    /// Off screen every frame is drawn at once, so that a test never waits on a clock.
    public var frameInterval: Duration { .zero }

    /// A terminal without job control (an off-screen one) ignores Ctrl-Z.
    public func suspend() {}
}

/// What a terminal reports to the application.
public enum TerminalEvent: Sendable {
    /// Keys that arrived together (one read: a paste, a fast typist), taken in one after
    /// another with nothing in between, so a burst acts the same on every run (E7).
    case keys([Key])
    case resize(Size)
    /// Replies to the queries of image detection (P3), which are never keys.
    case replies([TerminalReply])
}

/// A terminal that knows how many of its events the application has not consumed yet,
/// so that "settled" can include "no typed key is still on its way".
@MainActor protocol EventQueueReporting: AnyObject {
    var unconsumedEventCount: Int { get }
    func didConsumeEvent()
}

/// A terminal that says whether OSC 8 hyperlinks reach it: the real one, unless `TERM` is
/// dumb. Off screen there are none, so a printed screen is plain text (D1, L6, L7).
@MainActor protocol HyperlinkReporting: AnyObject {
    var showsHyperlinks: Bool { get }
}

/// A terminal that keeps which pictures the last frame showed, and where: the virtual one,
/// so that a test can ask which poster is on screen, whatever the back end drew.
@MainActor protocol PictureRecording: AnyObject {
    func record(_ pictures: [Picture])
}
