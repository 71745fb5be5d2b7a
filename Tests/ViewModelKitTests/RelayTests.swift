import Testing
import ViewModelKit
import ViewModelKitTesting

// Marble times are TestScheduler ticks of one virtual millisecond (`TestScheduler.resolution`).
// Under RxTest, make each scheduler `TestScheduler(initialClock: 0, resolution: 0.001)`.

@MainActor
@Suite("PublishRelay")
struct PublishRelayTests {
    @Test func subscribersGetOnlyValuesAcceptedAfterTheySubscribed() {
        let scheduler = TestScheduler()
        let relay = PublishRelay<String>()
        scheduler.scheduleAt(150) { relay.accept("early") }
        scheduler.scheduleAt(210) { relay.accept("a") }
        scheduler.scheduleAt(220) { relay.accept("b") }
        let result = scheduler.start { relay.asObservable() }
        #expect(result.events == [.next(210, "a"), .next(220, "b")])
    }

    @Test func acceptReachesEverySubscriberThroughOperatorsBeforeItReturns() {
        let relay = PublishRelay<Int>()
        var first: [Int] = []
        var second: [Int] = []
        let a = relay.asObservable().map { $0 + 1 }.filter { $0 > 0 }.subscribe(onNext: {
            first.append($0)
        })
        let b = relay.asDriver(onErrorJustReturn: 0).scan(0, accumulator: +).drive(onNext: {
            second.append($0)
        })
        relay.accept(1)
        #expect(first == [2])
        #expect(second == [1])
        relay.accept(2)
        #expect(first == [2, 3])
        #expect(second == [1, 3])
        a.dispose()
        b.dispose()
    }

    @Test func aValueAcceptedDuringDeliveryWaitsUntilEverySubscriberHasTheCurrentOne() {
        let relay = PublishRelay<Int>()
        var log: [String] = []
        let first = relay.asObservable().subscribe(onNext: { value in
            log.append("first \(value)")
            if value == 1 {
                relay.accept(2)
                log.append("first back from accept")
            }
        })
        let second = relay.asObservable().subscribe(onNext: { log.append("second \($0)") })
        relay.accept(1)
        log.append("accept returned")
        #expect(
            log == [
                "first 1", "first back from accept", "second 1", "first 2", "second 2",
                "accept returned",
            ])
        first.dispose()
        second.dispose()
    }

    @Test func aScanNeverSeesInterleavedValues() {
        let relay = PublishRelay<Int>()
        var states: [[Int]] = []
        let history = relay.asObservable().scan(into: [Int]()) { $0.append($1) }
        let recorder = history.subscribe(onNext: { states.append($0) })
        let feedback = history.subscribe(onNext: { state in
            if state.last == 1 {
                relay.accept(10)
                relay.accept(20)
            }
        })
        relay.accept(1)
        #expect(states == [[1], [1, 10], [1, 10, 20]])
        recorder.dispose()
        feedback.dispose()
    }

    @Test func aSubscriberAddedDuringDeliveryGetsTheNextValue() {
        let relay = PublishRelay<Int>()
        var late: [Int] = []
        var lateSubscription: (any Disposable)?
        let first = relay.asObservable().subscribe(onNext: { _ in
            if lateSubscription == nil {
                lateSubscription = relay.asObservable().subscribe(onNext: { late.append($0) })
            }
        })
        relay.accept(1)
        relay.accept(2)
        #expect(late == [2])
        first.dispose()
        lateSubscription?.dispose()
    }
}

@MainActor
@Suite("BehaviorRelay")
struct BehaviorRelayTests {
    @Test func aNewSubscriberGetsTheCurrentValueThenEveryLaterOne() {
        let scheduler = TestScheduler()
        let relay = BehaviorRelay(value: "initial")
        scheduler.scheduleAt(150) { relay.accept("before") }
        scheduler.scheduleAt(210) { relay.accept("a") }
        let result = scheduler.start { relay.asObservable() }
        #expect(result.events == [.next(200, "before"), .next(210, "a")])
        #expect(relay.value == "a")
    }

    @Test func valueIsTheLastAcceptedValue() {
        let relay = BehaviorRelay(value: 1)
        #expect(relay.value == 1)
        relay.accept(2)
        #expect(relay.value == 2)
    }

    @Test func aValueAcceptedDuringDeliveryIsDeliveredAfterTheCurrentOne() {
        let relay = BehaviorRelay(value: 0)
        var log: [String] = []
        let first = relay.asObservable().subscribe(onNext: { value in
            log.append("first \(value)")
            if value == 1 {
                relay.accept(2)
                log.append("value during delivery \(relay.value)")
            }
        })
        let second = relay.asObservable().subscribe(onNext: { log.append("second \($0)") })
        relay.accept(1)
        #expect(
            log == [
                "first 0", "second 0", "first 1", "value during delivery 1", "second 1",
                "first 2", "second 2",
            ])
        #expect(relay.value == 2)
        first.dispose()
        second.dispose()
    }

    @Test func aValueAcceptedDuringTheReplayFollowsTheReplay() {
        let relay = BehaviorRelay(value: 0)
        var log: [Int] = []
        let subscription = relay.asObservable().subscribe(onNext: { value in
            log.append(value)
            if value == 0 {
                relay.accept(1)
            }
        })
        #expect(log == [0, 1])
        subscription.dispose()
    }
}
