import Testing
import ViewModelKit
import ViewModelKitTesting

// Marble times are TestScheduler ticks of one virtual millisecond (`TestScheduler.resolution`).
// Under RxTest, make each scheduler `TestScheduler(initialClock: 0, resolution: 0.001)`.

@MainActor
@Suite("map, compactMap, filter")
struct MapFilterTests {
    @Test func mapTransformsEachValueAtItsTime() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(240, 3), .completed(300),
        ])
        let result = scheduler.start { source.asObservable().map { $0 * 10 } }
        #expect(result.events == [.next(210, 20), .next(240, 30), .completed(300)])
        #expect(source.subscriptions == [Subscription(200, 300)])
    }

    @Test func aThrowingMapEndsWithItsError() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3)])
        let result = scheduler.start {
            source.asObservable().map { value in
                if value == 2 { throw TestError.boom }
                return value
            }
        }
        #expect(result.events == [.next(210, 1), .error(220, TestError.boom)])
        #expect(source.subscriptions == [Subscription(200, 220)])
    }

    @Test func compactMapLeavesOutNil() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(210, "1"), .next(220, "x"), .next(230, "3"), .completed(240),
        ])
        let result = scheduler.start { source.asObservable().compactMap { Int($0) } }
        #expect(result.events == [.next(210, 1), .next(230, 3), .completed(240)])
    }

    @Test func filterKeepsOnlyPassingValues() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .error(250, TestError.boom),
        ])
        let result = scheduler.start { source.asObservable().filter { $0.isMultiple(of: 2) } }
        #expect(result.events == [.next(220, 2), .next(240, 4), .error(250, TestError.boom)])
    }
}

@MainActor
@Suite("scan")
struct ScanTests {
    @Test func scanEmitsEveryAccumulatedStateButNotTheSeed() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 3), .completed(240),
        ])
        let result = scheduler.start { source.asObservable().scan(10, accumulator: +) }
        #expect(result.events == [.next(210, 11), .next(220, 13), .next(230, 16), .completed(240)])
    }

    @Test func scanIntoChangesTheStateInPlace() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, "a"), .next(220, "b")])
        let result = scheduler.start {
            source.asObservable().scan(into: [String]()) { $0.append($1) }
        }
        #expect(result.events == [.next(210, ["a"]), .next(220, ["a", "b"])])
    }

    @Test func eachSubscriptionStartsFromTheSeed() {
        let relay = PublishRelay<Int>()
        let sums = relay.asObservable().scan(0, accumulator: +)
        var first: [Int] = []
        var second: [Int] = []
        let a = sums.subscribe(onNext: { first.append($0) })
        relay.accept(1)
        let b = sums.subscribe(onNext: { second.append($0) })
        relay.accept(2)
        #expect(first == [1, 3])
        #expect(second == [2])
        a.dispose()
        b.dispose()
    }
}

@MainActor
@Suite("startWith")
struct StartWithTests {
    @Test func startWithEmitsItsValuesAtSubscriptionFirst() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(150, 0), .next(210, 3), .completed(220)])
        let result = scheduler.start { source.asObservable().startWith(1, 2) }
        #expect(result.events == [.next(200, 1), .next(200, 2), .next(210, 3), .completed(220)])
    }
}

@MainActor
@Suite("distinctUntilChanged")
struct DistinctUntilChangedTests {
    @Test func repeatsInARowAreLeftOut() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(210, 1), .next(220, 1), .next(230, 2), .next(240, 2), .next(250, 1),
            .completed(260),
        ])
        let result = scheduler.start { source.asObservable().distinctUntilChanged() }
        #expect(result.events == [.next(210, 1), .next(230, 2), .next(250, 1), .completed(260)])
    }

    @Test func aComparerDecidesWhatCountsAsARepeat() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(210, "a"), .next(220, "A"), .next(230, "b"),
        ])
        let result = scheduler.start {
            source.asObservable().distinctUntilChanged { $0.lowercased() == $1.lowercased() }
        }
        #expect(result.events == [.next(210, "a"), .next(230, "b")])
    }

    @Test func aKeyPathComparesOnlyThatProperty() {
        struct Query: Equatable {
            let text: String
            let page: Int
        }
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(210, Query(text: "a", page: 1)), .next(220, Query(text: "a", page: 2)),
            .next(230, Query(text: "b", page: 1)),
        ])
        let result = scheduler.start { source.asObservable().distinctUntilChanged(at: \.text) }
        #expect(
            result.events == [
                .next(210, Query(text: "a", page: 1)), .next(230, Query(text: "b", page: 1)),
            ])
    }

    @Test func aKeySelectorComparesTheKeys() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 3), .next(230, 4)])
        let result = scheduler.start {
            source.asObservable().distinctUntilChanged { $0.isMultiple(of: 2) }
        }
        #expect(result.events == [.next(210, 1), .next(230, 4)])
    }
}

@MainActor
@Suite("take, skip")
struct TakeSkipTests {
    @Test func takeCompletesAfterItsCountAndLetsGoOfTheSource() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3)])
        let result = scheduler.start { source.asObservable().take(2) }
        #expect(result.events == [.next(210, 1), .next(220, 2), .completed(220)])
        #expect(source.subscriptions == [Subscription(200, 220)])
    }

    @Test func takeZeroCompletesAtOnce() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1)])
        #expect(scheduler.start { source.asObservable().take(0) }.events == [.completed(200)])
    }

    // RxSwift/Observables/Take.swift, `TakeCountSink.on`: the count goes down before the
    // value is forwarded and a value past the count is ignored, so a value the subscriber
    // makes the source send while it receives the last one changes nothing.
    @Test func takeOneWhoseSubscriberMakesTheSourceSendAgainGivesOneValueAndCompletes() {
        var source: AnyObserver<Int>?
        let values = Observable<Int>.create { observer in
            source = observer
            return Disposables.create()
        }
        var events: [Event<Int>] = []
        let subscription = values.take(1).subscribe { event in
            events.append(event)
            if event == .next(1) {
                source?.onNext(2)
            }
        }
        source?.onNext(1)
        #expect(events == [.next(1), .completed])
        subscription.dispose()
    }

    @Test func skipLeavesOutTheFirstValues() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 3), .completed(240),
        ])
        let result = scheduler.start { source.asObservable().skip(2) }
        #expect(result.events == [.next(230, 3), .completed(240)])
    }
}

@MainActor
@Suite("do")
struct DoTests {
    @Test func doRunsSideEffectsAsEventsPass() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        var log: [String] = []
        let result = scheduler.start {
            source.asObservable().do(
                onNext: { log.append("next \($0) at \(scheduler.clock)") },
                onCompleted: { log.append("completed at \(scheduler.clock)") },
                onSubscribe: { log.append("subscribe at \(scheduler.clock)") },
                onDispose: { log.append("dispose at \(scheduler.clock)") })
        }
        #expect(result.events == [.next(210, 1), .completed(220)])
        #expect(
            log == ["subscribe at 200", "next 1 at 210", "completed at 220", "dispose at 220"])
    }
}

@MainActor
@Suite("catch")
struct CatchTests {
    @Test func catchContinuesWithTheFallback() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])
        let fallback = scheduler.createColdObservable([.next(10, 9), .completed(20)])
        let result = scheduler.start {
            source.asObservable().catch { _ in fallback.asObservable() }
        }
        #expect(result.events == [.next(210, 1), .next(230, 9), .completed(240)])
        #expect(fallback.subscriptions == [Subscription(220, 240)])
    }

    @Test func catchAndReturnEndsWithTheValue() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])
        let result = scheduler.start { source.asObservable().catchAndReturn(0) }
        #expect(result.events == [.next(210, 1), .next(220, 0), .completed(220)])
    }

    @Test func catchOfASourceThatFailsAtOnceKeepsTheFallback() {
        let scheduler = TestScheduler()
        let fallback = scheduler.createHotObservable([.next(210, 5)])
        let result = scheduler.start {
            Observable<Int>.error(TestError.boom).catch { _ in fallback.asObservable() }
        }
        #expect(result.events == [.next(210, 5)])
        #expect(fallback.subscriptions == [Subscription(200, 1000)])
    }
}

@MainActor
@Suite("materialize")
struct MaterializeTests {
    @Test func everyEventBecomesAValue() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])
        let result = scheduler.start { source.asObservable().materialize() }
        #expect(
            result.events == [
                .next(210, .next(1)), .next(220, .error(TestError.boom)), .completed(220),
            ])
    }
}
