import Testing
import ViewModelKit
import ViewModelKitTesting

// Marble times are TestScheduler ticks of one virtual millisecond (`TestScheduler.resolution`).
// Under RxTest, make each scheduler `TestScheduler(initialClock: 0, resolution: 0.001)`.

@MainActor
@Suite("share(replay:)")
struct ShareReplayTests {
    @Test func subscribersShareOneSubscriptionAndLateOnesGetTheReplay() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(240, 3), .completed(300),
        ])
        let shared = source.asObservable().share(replay: 1)
        let early = scheduler.createObserver(Int.self)
        let late = scheduler.createObserver(Int.self)
        var subscriptions: [any Disposable] = []
        scheduler.scheduleAt(200) { subscriptions.append(shared.subscribe(early)) }
        scheduler.scheduleAt(230) { subscriptions.append(shared.subscribe(late)) }
        scheduler.start()
        #expect(early.events == [.next(210, 1), .next(220, 2), .next(240, 3), .completed(300)])
        #expect(late.events == [.next(230, 2), .next(240, 3), .completed(300)])
        #expect(source.subscriptions == [Subscription(200, 300)])
    }

    @Test func theSharedSubscriptionEndsWithTheLastSubscriberAndStartsAfresh() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(260, 2)])
        let shared = source.asObservable().share(replay: 1)
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        var subscription: (any Disposable)?
        scheduler.scheduleAt(200) { subscription = shared.subscribe(first) }
        scheduler.scheduleAt(220) { subscription?.dispose() }
        scheduler.scheduleAt(250) { subscription = shared.subscribe(second) }
        scheduler.scheduleAt(300) { subscription?.dispose() }
        scheduler.start()
        #expect(first.events == [.next(210, 1)])
        #expect(second.events == [.next(260, 2)])
        #expect(source.subscriptions == [Subscription(200, 220), Subscription(250, 300)])
    }

    @Test func shareWithoutReplayGivesLateSubscribersOnlyNewValues() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(240, 2)])
        let shared = source.asObservable().share()
        let early = scheduler.createObserver(Int.self)
        let late = scheduler.createObserver(Int.self)
        var subscriptions: [any Disposable] = []
        scheduler.scheduleAt(200) { subscriptions.append(shared.subscribe(early)) }
        scheduler.scheduleAt(230) { subscriptions.append(shared.subscribe(late)) }
        scheduler.start()
        #expect(early.events == [.next(210, 1), .next(240, 2)])
        #expect(late.events == [.next(240, 2)])
    }

    // RxSwift/Observables/ShareReplayScope.swift, `ShareReplay1WhileConnected.subscribe`:
    // the new observer is inserted, then the latest value replayed to it, so a value its
    // reaction to the replay sends reaches it as well.
    @Test func aLateSubscriberAlsoGetsTheValueItsReactionToTheReplaySends() {
        let relay = PublishRelay<Int>()
        let shared = relay.asObservable().share(replay: 1)
        var early: [Int] = []
        var late: [Int] = []
        let first = shared.subscribe(onNext: { early.append($0) })
        relay.accept(1)
        let second = shared.subscribe(onNext: { value in
            late.append(value)
            if value == 1 {
                relay.accept(2)
            }
        })
        #expect(late == [1, 2])
        #expect(early == [1, 2])
        first.dispose()
        second.dispose()
    }

    // With more than one value to replay, RxSwift shares through `multicast` and a
    // `ReplaySubject`, whose `synchronized_subscribe` (RxSwift/Subjects/ReplaySubject.swift,
    // RxSwift 6.10) replays, then inserts the observer: its reaction's value passes it by.
    @Test func withMoreThanOneReplayedValueALateSubscriberJoinsAfterTheReplay() {
        let relay = PublishRelay<Int>()
        let shared = relay.asObservable().share(replay: 2)
        var early: [Int] = []
        var late: [Int] = []
        let first = shared.subscribe(onNext: { early.append($0) })
        relay.accept(1)
        relay.accept(2)
        let second = shared.subscribe(onNext: { value in
            late.append(value)
            if value == 2 {
                relay.accept(3)
            }
        })
        #expect(late == [1, 2])
        #expect(early == [1, 2, 3])
        relay.accept(4)
        #expect(late == [1, 2, 4])
        first.dispose()
        second.dispose()
    }

    @Test func aSourceThatEndsWhileConnectingIsRunAgainForTheNextSubscriber() {
        var runs = 0
        let source = Observable<Int>.create { observer in
            runs += 1
            observer.onNext(runs)
            observer.onCompleted()
            return Disposables.create()
        }.share(replay: 1)
        var received: [Int] = []
        _ = source.subscribe(onNext: { received.append($0) })
        _ = source.subscribe(onNext: { received.append($0) })
        #expect(received == [1, 2])
    }
}
