import Testing
import ViewModelKit
import ViewModelKitTesting

// Marble times are TestScheduler ticks of one virtual millisecond (`TestScheduler.resolution`).
// Under RxTest, make each scheduler `TestScheduler(initialClock: 0, resolution: 0.001)`.

@MainActor
@Suite("Observable")
struct ObservableTests {
    @Test func createRunsItsClosureOncePerSubscription() {
        var subscriptions = 0
        let source = Observable<Int>.create { observer in
            subscriptions += 1
            observer.onNext(subscriptions)
            return Disposables.create()
        }
        var received: [Int] = []
        _ = source.subscribe(onNext: { received.append($0) })
        _ = source.subscribe(onNext: { received.append($0) })
        #expect(received == [1, 2])
    }

    @Test func justEmitsOneValueThenCompletes() {
        let scheduler = TestScheduler()
        let result = scheduler.start { Observable.just(7) }
        #expect(result.events == [.next(200, 7), .completed(200)])
    }

    @Test func fromEmitsEachElementInOrderThenCompletes() {
        let scheduler = TestScheduler()
        let result = scheduler.start { Observable.from([1, 2, 3]) }
        #expect(result.events == [.next(200, 1), .next(200, 2), .next(200, 3), .completed(200)])
    }

    @Test func emptyCompletesAtOnce() {
        let result = TestScheduler().start { Observable<Int>.empty() }
        #expect(result.events == [.completed(200)])
    }

    @Test func neverSaysNothing() {
        let result = TestScheduler().start { Observable<Int>.never() }
        #expect(result.events == [])
    }

    @Test func errorFailsAtOnce() {
        let result = TestScheduler().start { Observable<Int>.error(TestError.boom) }
        #expect(result.events == [.error(200, TestError.boom)])
    }

    @Test func nothingIsDeliveredAfterTheEnd() {
        let source = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onCompleted()
            observer.onNext(2)
            observer.onError(TestError.boom)
            return Disposables.create()
        }
        var events: [Event<Int>] = []
        _ = source.subscribe { events.append($0) }
        #expect(events == [.next(1), .completed])
    }

    @Test func subscribeCallsTheClosureForEachKindOfEvent() {
        var log: [String] = []
        _ = Observable.from([1]).subscribe(
            onNext: { log.append("next \($0)") },
            onCompleted: { log.append("completed") },
            onDisposed: { log.append("disposed") })
        _ = Observable<Int>.error(TestError.boom).subscribe(
            onError: { log.append("error \($0)") }, onDisposed: { log.append("disposed") })
        #expect(log == ["next 1", "completed", "disposed", "error boom", "disposed"])
    }

    @Test func theEndDisposesTheSourceSubscription() {
        var disposals = 0
        let source = Observable<Int>.create { observer in
            observer.onCompleted()
            return Disposables.create { disposals += 1 }
        }
        let subscription = source.subscribe { _ in }
        #expect(disposals == 1)
        subscription.dispose()
        #expect(disposals == 1)
    }
}
