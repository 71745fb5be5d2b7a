/// How a trait shares its one subscription: `Driver` replays the latest value, `Signal`
/// replays nothing.
///
/// RxSwift twin: `SharingStrategyProtocol` (RxCocoa).
/// Combine twin: none (a `share()` or `multicast` chosen by hand).
@MainActor
public protocol SharingStrategyProtocol {
    /// Shares `source` the way the trait promises.
    static func share<Element>(_ source: Observable<Element>) -> Observable<Element>
}

/// A sequence with guarantees the type states: it lives on the main actor, never fails,
/// and shares one subscription among all subscribers as its `SharingStrategy` says. Use it
/// through its two names, `Driver` and `Signal`. Its operators keep the trait.
///
/// RxSwift twin: `SharedSequence` (RxCocoa).
/// Combine twin: an `AnyPublisher<Element, Never>` received on the main queue and shared.
@MainActor
public struct SharedSequence<SharingStrategy: SharingStrategyProtocol, Element>:
    ObservableConvertibleType
{
    private let source: Observable<Element>

    /// Wraps a source that cannot fail; only the trait's own conversions may call it.
    init(_ source: Observable<Element>) {
        self.source = SharingStrategy.share(source)
    }

    public func asObservable() -> Observable<Element> {
        source
    }

    /// One value, then `completed`.
    public static func just(_ element: Element) -> SharedSequence {
        SharedSequence(.just(element))
    }

    /// `completed` at once.
    public static func empty() -> SharedSequence {
        SharedSequence(.empty())
    }

    /// Nothing, ever.
    public static func never() -> SharedSequence {
        SharedSequence(.never())
    }
}
