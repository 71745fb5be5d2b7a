import Testing
import ViewModelKit
import ViewModelKitTesting

// Marble times are TestScheduler ticks of one virtual millisecond (`TestScheduler.resolution`).
// Under RxTest, make each scheduler `TestScheduler(initialClock: 0, resolution: 0.001)`.

@MainActor
@Suite("flatMapLatest")
struct FlatMapLatestTests {
    @Test func aNewValueDropsTheSupersededInnerSequence() {
        let scheduler = TestScheduler()
        let slow = scheduler.createColdObservable([.next(100, "slow answer"), .completed(110)])
        let fast = scheduler.createColdObservable([.next(20, "fast answer"), .completed(30)])
        let queries = scheduler.createHotObservable([
            .next(210, "slow"), .next(250, "fast"), .completed(400),
        ])
        let result = scheduler.start {
            queries.asObservable().flatMapLatest { query in
                query == "slow" ? slow.asObservable() : fast.asObservable()
            }
        }
        #expect(result.events == [.next(270, "fast answer"), .completed(400)])
        #expect(slow.subscriptions == [Subscription(210, 250)])
        #expect(fast.subscriptions == [Subscription(250, 280)])
    }

    @Test func itCompletesOnlyWhenTheCurrentInnerSequenceHasCompletedToo() {
        let scheduler = TestScheduler()
        let inner = scheduler.createColdObservable([.next(50, 1), .completed(100)])
        let outer = scheduler.createHotObservable([.next(210, ()), .completed(220)])
        let result = scheduler.start { outer.asObservable().flatMapLatest { inner.asObservable() } }
        #expect(result.events == [.next(260, 1), .completed(310)])
    }

    @Test func anInnerErrorEndsEverything() {
        let scheduler = TestScheduler()
        let inner = scheduler.createColdObservable([.error(10, TestError.boom, Int.self)])
        let outer = scheduler.createHotObservable([.next(210, ()), .next(300, ())])
        let result = scheduler.start { outer.asObservable().flatMapLatest { inner.asObservable() } }
        #expect(result.events == [.error(220, TestError.boom)])
        #expect(outer.subscriptions == [Subscription(200, 220)])
    }

    @Test func disposingTheResultDisposesTheInnerSequence() {
        let scheduler = TestScheduler()
        let inner = scheduler.createColdObservable([.next(500, 1)])
        let outer = scheduler.createHotObservable([.next(210, ())])
        let result = scheduler.start(disposed: 300) {
            outer.asObservable().flatMapLatest { inner.asObservable() }
        }
        #expect(result.events == [])
        #expect(inner.subscriptions == [Subscription(210, 300)])
    }

    @Test func aValueSentWhileSubscribingToTheInnerSequenceWins() {
        let relay = PublishRelay<Int>()
        var received: [String] = []
        let subscription = relay.asObservable()
            .flatMapLatest { value in
                Observable.just("answer \(value)").do(onNext: { _ in
                    if value == 1 { relay.accept(2) }
                })
            }
            .subscribe(onNext: { received.append($0) })
        relay.accept(1)
        #expect(received == ["answer 1", "answer 2"])
        subscription.dispose()
    }
}

@MainActor
@Suite("flatMapFirst")
struct FlatMapFirstTests {
    @Test func valuesWhileAnInnerSequenceRunsAreIgnored() {
        let scheduler = TestScheduler()
        let page = scheduler.createColdObservable([.next(50, "page"), .completed(50)])
        let nearEnd = scheduler.createHotObservable([
            .next(210, 1), .next(230, 2), .next(270, 3), .completed(400),
        ])
        let result = scheduler.start {
            nearEnd.asObservable().flatMapFirst { _ in page.asObservable() }
        }
        #expect(result.events == [.next(260, "page"), .next(320, "page"), .completed(400)])
        #expect(page.subscriptions == [Subscription(210, 260), Subscription(270, 320)])
    }
}
