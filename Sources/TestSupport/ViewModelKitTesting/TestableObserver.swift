import ViewModelKit

/// Records every event it receives with the virtual time it arrived at; compare `events`
/// with the expected marbles.
///
/// RxSwift twin: `TestableObserver` (RxTest).
/// Combine twin: none (a `sink` appending to an array).
@MainActor
public final class TestableObserver<Element>: ObserverType {
    private let scheduler: TestScheduler

    /// What arrived, and when.
    public private(set) var events: [Recorded<Event<Element>>] = []

    init(scheduler: TestScheduler) {
        self.scheduler = scheduler
    }

    public func on(_ event: Event<Element>) {
        events.append(Recorded(time: scheduler.clock, value: event))
    }
}
