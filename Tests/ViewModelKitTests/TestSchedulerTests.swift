import Testing
import ViewModelKit
import ViewModelKitTesting

// Marble times are TestScheduler ticks of one virtual millisecond (`TestScheduler.resolution`).
// Under RxTest, make each scheduler `TestScheduler(initialClock: 0, resolution: 0.001)`.

@MainActor
@Suite("TestScheduler")
struct TestSchedulerTests {
    @Test func actionsRunAtTheirVirtualTimeInTimeOrder() {
        let scheduler = TestScheduler()
        var log: [String] = []
        scheduler.scheduleAt(300) { log.append("300 at \(scheduler.clock)") }
        scheduler.scheduleAt(100) { log.append("100 at \(scheduler.clock)") }
        scheduler.scheduleAt(300) { log.append("second 300 at \(scheduler.clock)") }
        scheduler.start()
        #expect(log == ["100 at 100", "300 at 300", "second 300 at 300"])
    }

    @Test func advanceRunsOnlyWhatIsDueAndMovesTheClock() {
        let scheduler = TestScheduler()
        var log: [Int] = []
        _ = scheduler.schedule(after: .milliseconds(300)) { log.append(scheduler.clock) }
        _ = scheduler.schedule(after: .seconds(1)) { log.append(scheduler.clock) }
        scheduler.advance(by: .milliseconds(299))
        #expect(log == [])
        #expect(scheduler.now == .milliseconds(299))
        scheduler.advance(by: .milliseconds(1))
        #expect(log == [300])
        scheduler.advance(to: 1000)
        #expect(log == [300, 1000])
        #expect(scheduler.clock == 1000)
    }

    @Test func aDisposedActionNeverRuns() {
        let scheduler = TestScheduler()
        var ran = false
        let action = scheduler.schedule(after: .milliseconds(10)) { ran = true }
        action.dispose()
        scheduler.start()
        #expect(!ran)
    }

    // Differs from RxTest on purpose (see the README): RxTest's `TestScheduler`
    // (RxTest/Schedulers/TestScheduler.swift) ticks in seconds unless given a `resolution`;
    // these ticks are virtual milliseconds, RxTest's `resolution: 0.001`.
    @Test func oneTickIsOneVirtualMillisecond() {
        #expect(TestScheduler.resolution == .milliseconds(1))
        let scheduler = TestScheduler()
        var ranAt: TestTime?
        _ = scheduler.schedule(after: .milliseconds(300)) { ranAt = scheduler.clock }
        scheduler.start()
        #expect(ranAt == 300)
        #expect(scheduler.now == TestScheduler.resolution * 300)
    }

    @Test func partsOfAMillisecondRoundUp() {
        let scheduler = TestScheduler()
        var ranAt: TestTime?
        _ = scheduler.schedule(after: .microseconds(1500)) { ranAt = scheduler.clock }
        scheduler.start()
        #expect(ranAt == 2)
    }

    @Test func startCreatesSubscribesAndDisposesAtTheDefaultTimes() {
        let scheduler = TestScheduler()
        var createdAt: TestTime?
        let source = scheduler.createHotObservable([.next(199, 0), .next(500, 1), .next(1001, 2)])
        let result = scheduler.start { () -> Observable<Int> in
            createdAt = scheduler.clock
            return source.asObservable()
        }
        #expect(createdAt == 100)
        #expect(result.events == [.next(500, 1)])
        #expect(source.subscriptions == [Subscription(200, 1000)])
    }

    @Test func aColdObservablePlaysFromEachSubscription() {
        let scheduler = TestScheduler()
        let cold = scheduler.createColdObservable([.next(10, "a"), .completed(20)])
        let first = scheduler.createObserver(String.self)
        let second = scheduler.createObserver(String.self)
        var subscriptions: [any Disposable] = []
        scheduler.scheduleAt(100) { subscriptions.append(cold.asObservable().subscribe(first)) }
        scheduler.scheduleAt(150) { subscriptions.append(cold.asObservable().subscribe(second)) }
        scheduler.start()
        #expect(first.events == [.next(110, "a"), .completed(120)])
        #expect(second.events == [.next(160, "a"), .completed(170)])
        #expect(cold.subscriptions == [Subscription(100, 120), Subscription(150, 170)])
    }
}
