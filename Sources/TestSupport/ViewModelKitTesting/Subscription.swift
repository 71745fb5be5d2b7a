/// When a test observable was subscribed to and when that subscription was disposed, to
/// check that an operator lets go of a source (`flatMapLatest` dropping a superseded inner).
///
/// RxSwift twin: `Subscription` (RxTest).
/// Combine twin: none.
public struct Subscription: Equatable, Sendable {
    /// The virtual time of `subscribe`.
    public let subscribe: TestTime
    /// The virtual time of `dispose()`, or `TestTime.max` while it lasts.
    public let unsubscribe: TestTime

    /// A subscription that has not been disposed.
    public init(_ subscribe: TestTime) {
        self.init(subscribe, .max)
    }

    /// A subscription disposed at `unsubscribe`.
    public init(_ subscribe: TestTime, _ unsubscribe: TestTime) {
        self.subscribe = subscribe
        self.unsubscribe = unsubscribe
    }
}

extension Subscription: CustomDebugStringConvertible {
    public var debugDescription: String {
        unsubscribe == .max ? "(\(subscribe) : ∞)" : "(\(subscribe) : \(unsubscribe))"
    }
}
