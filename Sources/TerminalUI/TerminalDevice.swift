/// Where frames go and keys come from.
@MainActor public protocol TerminalDevice: AnyObject {
    var size: Size { get }
    /// One call per frame.
    func write(_ bytes: [UInt8])
    var events: AsyncStream<TerminalEvent> { get }
}

/// What a terminal reports to the application.
public enum TerminalEvent: Sendable {
    case key(Key)
    case resize(Size)
}

/// A terminal that knows how many of its events the application has not consumed yet,
/// so that "settled" can include "no typed key is still on its way".
@MainActor protocol EventQueueReporting: AnyObject {
    var unconsumedEventCount: Int { get }
    func didConsumeEvent()
}
