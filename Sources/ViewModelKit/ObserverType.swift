/// Something that receives a sequence's events.
///
/// RxSwift twin: `ObserverType`.
/// Combine twin: `Subscriber`.
@MainActor
public protocol ObserverType {
    associatedtype Element

    /// Receives one event.
    func on(_ event: Event<Element>)
}

extension ObserverType {
    /// Sends a value.
    public func onNext(_ element: Element) {
        on(.next(element))
    }

    /// Sends a failure; the sequence ends.
    public func onError(_ error: any Error) {
        on(.error(error))
    }

    /// Ends the sequence.
    public func onCompleted() {
        on(.completed)
    }
}

/// The observer `Observable.create` hands to its closure: send it events with `onNext`,
/// `onError` and `onCompleted`. Events after the end or after disposal are dropped.
///
/// RxSwift twin: `AnyObserver`.
/// Combine twin: `AnySubscriber`.
public struct AnyObserver<Element>: ObserverType, Sendable {
    private let eventHandler: @MainActor @Sendable (Event<Element>) -> Void

    /// An observer that hands each event to `eventHandler`.
    public init(_ eventHandler: @escaping @MainActor @Sendable (Event<Element>) -> Void) {
        self.eventHandler = eventHandler
    }

    public func on(_ event: Event<Element>) {
        eventHandler(event)
    }
}
