import Synchronization
import ViewModelKit

/// A virtual clock for tests: nothing runs until the test moves time on (`start`,
/// `advance(to:)`, `advance(by:)`), and then every scheduled action runs at its exact virtual
/// time, in order, instantly. Time is in ticks of one virtual millisecond (`TestTime`).
/// Inject it where the code takes a `SchedulerType` (`debounce`).
///
/// RxSwift twin: `TestScheduler` (RxTest).
/// Combine twin: `TestScheduler` of CombineSchedulers (not part of Combine).
///
/// Actions due at the same tick run in the order they were scheduled; an action scheduled
/// for now or the past runs at the current tick, after the ones already due (RxTest would
/// move it one tick later).
///
/// A marble test ports to RxTest with the scheduler made as
/// `TestScheduler(initialClock: 0, resolution: 0.001)`: RxTest's default tick is a second.
@MainActor
public final class TestScheduler: SchedulerType {
    /// The virtual time of one tick: one millisecond, so `.next(210, x)` is 210 ms after
    /// virtual time zero.
    ///
    /// RxSwift twin: the `resolution:` of RxTest's `TestScheduler(initialClock:resolution:)`,
    /// in seconds, 1.0 by default; these ticks are `resolution: 0.001`.
    public static let resolution: Duration = .milliseconds(1)

    /// The times `start(_:)` uses, as in RxTest.
    public enum Defaults {
        /// When the tested sequence is created.
        public static let created: TestTime = 100
        /// When it is subscribed to.
        public static let subscribed: TestTime = 200
        /// When the subscription is disposed.
        public static let disposed: TestTime = 1000
    }

    private struct ScheduledAction {
        let time: TestTime
        let order: Int
        let action: @MainActor () -> Void
        let disposable: CancelFlag
    }

    /// The current virtual time, in ticks (virtual milliseconds).
    public private(set) var clock: TestTime
    private var queue: [ScheduledAction] = []
    private var nextOrder = 0

    /// A scheduler whose clock starts at `initialClock`.
    public init(initialClock: TestTime = 0) {
        clock = initialClock
    }

    public var now: Duration {
        Self.resolution * clock
    }

    public func schedule(after dueTime: Duration, action: @escaping @MainActor () -> Void)
        -> any Disposable
    {
        schedule(at: clock + Self.ticks(in: dueTime), action: action)
    }

    /// Runs `action` at the virtual time `time`.
    ///
    /// RxSwift twin: `TestScheduler.scheduleAt(_:action:)`.
    public func scheduleAt(_ time: TestTime, action: @escaping @MainActor () -> Void) {
        _ = schedule(at: time, action: action)
    }

    /// Runs every scheduled action, moving the clock to each one's time, until none is left.
    ///
    /// RxSwift twin: `start()`.
    public func start() {
        while let next = takeNext(dueBy: .max) {
            run(next)
        }
    }

    /// Runs every action due by `time`, then leaves the clock at `time`.
    ///
    /// RxSwift twin: `advanceTo(_:)`.
    public func advance(to time: TestTime) {
        precondition(time >= clock, "virtual time cannot go back from \(clock) to \(time)")
        while let next = takeNext(dueBy: time) {
            run(next)
        }
        clock = time
    }

    /// Runs every action due within `span` from now: `advance(by: .milliseconds(300))`.
    public func advance(by span: Duration) {
        advance(to: clock + Self.ticks(in: span))
    }

    /// Creates the sequence at `created`, subscribes a recorder at `subscribed`, disposes
    /// the subscription at `disposed`, runs the clock until nothing is left, and returns the
    /// recorder.
    ///
    /// RxSwift twin: `start(created:subscribed:disposed:create:)`.
    public func start<Source: ObservableConvertibleType>(
        created: TestTime, subscribed: TestTime, disposed: TestTime,
        create: @escaping () -> Source
    ) -> TestableObserver<Source.Element> {
        let observer = createObserver(Source.Element.self)
        var source: Observable<Source.Element>?
        var subscription: (any Disposable)?
        scheduleAt(created) { source = create().asObservable() }
        scheduleAt(subscribed) { subscription = source?.subscribe(observer) }
        scheduleAt(disposed) { subscription?.dispose() }
        start()
        return observer
    }

    /// `start` with the default times: created at 100, subscribed at 200, disposed at 1000.
    public func start<Source: ObservableConvertibleType>(
        _ create: @escaping () -> Source
    ) -> TestableObserver<Source.Element> {
        start(
            created: Defaults.created, subscribed: Defaults.subscribed,
            disposed: Defaults.disposed, create: create)
    }

    /// `start` with the default creation and subscription times and the given disposal time.
    public func start<Source: ObservableConvertibleType>(
        disposed: TestTime, create: @escaping () -> Source
    ) -> TestableObserver<Source.Element> {
        start(
            created: Defaults.created, subscribed: Defaults.subscribed, disposed: disposed,
            create: create)
    }

    /// A source that sends `events` at their absolute virtual times to whoever is
    /// subscribed then.
    ///
    /// RxSwift twin: `createHotObservable(_:)`.
    public func createHotObservable<Element>(_ events: [Recorded<Event<Element>>])
        -> TestableObservable<Element>
    {
        TestableObservable(hot: events, scheduler: self)
    }

    /// A source that sends `events` to each subscriber at their times counted from its
    /// subscription.
    ///
    /// RxSwift twin: `createColdObservable(_:)`.
    public func createColdObservable<Element>(_ events: [Recorded<Event<Element>>])
        -> TestableObservable<Element>
    {
        TestableObservable(cold: events, scheduler: self)
    }

    /// A recorder of events and their virtual times.
    ///
    /// RxSwift twin: `createObserver(_:)`.
    public func createObserver<Element>(_: Element.Type) -> TestableObserver<Element> {
        TestableObserver(scheduler: self)
    }

    /// Whole ticks of `resolution` in `duration`, rounded up so that nothing runs early
    /// (RxTest rounds to the nearest tick).
    static func ticks(in duration: Duration) -> TestTime {
        let (seconds, attoseconds) = duration.components
        let attosecondsPerTick: Int64 = 1_000_000_000_000_000
        let (ticks, remainder) = attoseconds.quotientAndRemainder(dividingBy: attosecondsPerTick)
        return Int(seconds) * 1000 + Int(ticks) + (remainder > 0 ? 1 : 0)
    }

    private func schedule(at time: TestTime, action: @escaping @MainActor () -> Void)
        -> any Disposable
    {
        let disposable = CancelFlag()
        queue.append(
            ScheduledAction(
                time: max(time, clock), order: nextOrder, action: action,
                disposable: disposable))
        nextOrder += 1
        return disposable
    }

    private func takeNext(dueBy time: TestTime) -> ScheduledAction? {
        let earliest = queue.indices.min { left, right in
            (queue[left].time, queue[left].order) < (queue[right].time, queue[right].order)
        }
        guard let earliest, queue[earliest].time <= time else { return nil }
        return queue.remove(at: earliest)
    }

    private func run(_ scheduled: ScheduledAction) {
        clock = scheduled.time
        guard !scheduled.disposable.isCancelled else { return }
        scheduled.action()
    }
}

/// What `schedule` returns: disposing it before its time means the action never runs.
private final class CancelFlag: Disposable {
    private let cancelled = Atomic<Bool>(false)

    var isCancelled: Bool {
        cancelled.load(ordering: .acquiring)
    }

    func dispose() {
        cancelled.store(true, ordering: .releasing)
    }
}
