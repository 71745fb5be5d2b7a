/// One thing a sequence says: a value, a failure that ends it, or its end. After `error` or
/// `completed` a sequence says nothing more.
///
/// RxSwift twin: `Event`.
/// Combine twin: a subscriber's `receive(_:)` and `receive(completion:)`.
public enum Event<Element> {
    /// The next value.
    case next(Element)
    /// The sequence failed and ends.
    case error(any Error)
    /// The sequence ended normally.
    case completed
}

extension Event {
    /// The value of a `next` event, or `nil`.
    public var element: Element? {
        if case .next(let element) = self { return element }
        return nil
    }

    /// The failure of an `error` event, or `nil`.
    public var error: (any Error)? {
        if case .error(let error) = self { return error }
        return nil
    }

    /// Whether the event ends the sequence (`error` or `completed`).
    public var isStopEvent: Bool {
        if case .next = self { return false }
        return true
    }
}

extension Event: Sendable where Element: Sendable {}

/// Errors are equal when they read the same (`String(describing:)`), as in RxTest on Linux:
/// `any Error` is not `Equatable`, and tests compare what a user would be shown.
extension Event: Equatable where Element: Equatable {
    public static func == (lhs: Event, rhs: Event) -> Bool {
        switch (lhs, rhs) {
        case (.next(let left), .next(let right)): left == right
        case (.error(let left), .error(let right)):
            String(describing: left) == String(describing: right)
        case (.completed, .completed): true
        default: false
        }
    }
}

extension Event: CustomDebugStringConvertible {
    public var debugDescription: String {
        switch self {
        case .next(let element): "next(\(element))"
        case .error(let error): "error(\(error))"
        case .completed: "completed"
        }
    }
}
