import ViewModelKit

/// Virtual time in a `TestScheduler`: one tick is one virtual millisecond, so `.next(210, x)`
/// happens 210 ms after virtual time zero and `debounce(.milliseconds(300), …)` waits 300
/// ticks.
///
/// RxSwift twin: `TestTime` (RxTest; there one tick is one virtual unit, here a millisecond).
/// Combine twin: the time of a test scheduler such as `TestScheduler` in CombineSchedulers.
public typealias TestTime = Int

/// A value with the virtual time it happened at.
///
/// RxSwift twin: `Recorded` (RxTest).
/// Combine twin: none (a `(time, value)` pair recorded by hand).
public struct Recorded<Value> {
    /// When it happened.
    public let time: TestTime
    /// What happened.
    public let value: Value

    public init(time: TestTime, value: Value) {
        self.time = time
        self.value = value
    }
}

extension Recorded: Equatable where Value: Equatable {}

extension Recorded: CustomDebugStringConvertible {
    public var debugDescription: String {
        "\(value) @ \(time)"
    }
}

extension Recorded {
    /// A `next(element)` at `time`: `.next(210, "a")`.
    public static func next<Element>(_ time: TestTime, _ element: Element)
        -> Recorded<Event<Element>>
    where Value == Event<Element> {
        Recorded(time: time, value: .next(element))
    }

    /// A `completed` at `time`: `.completed(300)`.
    public static func completed<Element>(_ time: TestTime, _: Element.Type = Element.self)
        -> Recorded<Event<Element>>
    where Value == Event<Element> {
        Recorded(time: time, value: .completed)
    }

    /// An `error(error)` at `time`: `.error(300, TestError.boom)`.
    public static func error<Element>(
        _ time: TestTime, _ error: any Error, _: Element.Type = Element.self
    ) -> Recorded<Event<Element>> where Value == Event<Element> {
        Recorded(time: time, value: .error(error))
    }

    /// The events as they are, for when the element type cannot be inferred.
    public static func events<Element>(_ events: Recorded<Event<Element>>...)
        -> [Recorded<Event<Element>>]
    where Value == Event<Element> {
        events
    }
}
