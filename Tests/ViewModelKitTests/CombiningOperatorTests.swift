import Testing
import ViewModelKit
import ViewModelKitTesting

// Marble times are TestScheduler ticks of one virtual millisecond (`TestScheduler.resolution`).
// Under RxTest, make each scheduler `TestScheduler(initialClock: 0, resolution: 0.001)`.

@MainActor
@Suite("merge")
struct MergeTests {
    @Test func mergeInterleavesValuesInTimeOrderAndEndsWhenAllHaveCompleted() {
        let scheduler = TestScheduler()
        let first = scheduler.createHotObservable([
            .next(210, "a"), .next(230, "c"), .completed(240),
        ])
        let second = scheduler.createHotObservable([
            .next(220, "b"), .next(250, "d"), .completed(260),
        ])
        let result = scheduler.start {
            Observable.merge(first.asObservable(), second.asObservable())
        }
        #expect(
            result.events == [
                .next(210, "a"), .next(220, "b"), .next(230, "c"), .next(250, "d"),
                .completed(260),
            ])
    }

    @Test func valuesAtTheSameTimeKeepTheOrderTheyWereSent() {
        let scheduler = TestScheduler()
        let first = scheduler.createHotObservable([.next(210, 1)])
        let second = scheduler.createHotObservable([.next(210, 2)])
        let result = scheduler.start {
            Observable.merge([second.asObservable(), first.asObservable()])
        }
        #expect(result.events == [.next(210, 1), .next(210, 2)])
    }

    @Test func theFirstErrorEndsTheMergeAndLetsGoOfEverySource() {
        let scheduler = TestScheduler()
        let first = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])
        let second = scheduler.createHotObservable([.next(230, 2)])
        let result = scheduler.start {
            Observable.merge(first.asObservable(), second.asObservable())
        }
        #expect(result.events == [.next(210, 1), .error(220, TestError.boom)])
        #expect(second.subscriptions == [Subscription(200, 220)])
    }

    @Test func mergeOfSequencesFlattensEachInnerOne() {
        let scheduler = TestScheduler()
        let inner1 = scheduler.createColdObservable([.next(10, "x"), .completed(50)])
        let inner2 = scheduler.createColdObservable([.next(5, "y"), .completed(10)])
        let outer = scheduler.createHotObservable([
            .next(210, inner1.asObservable()), .next(220, inner2.asObservable()), .completed(230),
        ])
        let result = scheduler.start { outer.asObservable().merge() }
        #expect(result.events == [.next(220, "x"), .next(225, "y"), .completed(260)])
        #expect(inner1.subscriptions == [Subscription(210, 260)])
        #expect(inner2.subscriptions == [Subscription(220, 230)])
    }
}

@MainActor
@Suite("withLatestFrom")
struct WithLatestFromTests {
    @Test func eachTriggerTakesTheLatestValueOfTheOtherSource() {
        let scheduler = TestScheduler()
        let trigger = scheduler.createHotObservable([
            .next(210, "t1"), .next(230, "t2"), .next(240, "t3"), .completed(260),
        ])
        let state = scheduler.createHotObservable([.next(220, 1), .next(235, 2), .next(236, 3)])
        let result = scheduler.start {
            trigger.asObservable().withLatestFrom(state.asObservable()) { "\($0)+\($1)" }
        }
        #expect(result.events == [.next(230, "t2+1"), .next(240, "t3+3"), .completed(260)])
    }

    @Test func aReplayedValueCountsForTheFirstTrigger() {
        let scheduler = TestScheduler()
        let state = BehaviorRelay(value: "current")
        let trigger = scheduler.createHotObservable([.next(210, ())])
        let result = scheduler.start { trigger.asObservable().withLatestFrom(state) }
        #expect(result.events == [.next(210, "current")])
    }

    @Test func theOtherSourceCompletingChangesNothing() {
        let scheduler = TestScheduler()
        let trigger = scheduler.createHotObservable([.next(230, 0), .next(250, 0)])
        let other = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let result = scheduler.start { trigger.asObservable().withLatestFrom(other.asObservable()) }
        #expect(result.events == [.next(230, 1), .next(250, 1)])
    }

    @Test func theOtherSourcesErrorEndsIt() {
        let scheduler = TestScheduler()
        let trigger = scheduler.createHotObservable([.next(230, 0), .next(250, 0)])
        let other = scheduler.createHotObservable([.next(210, 1), .error(240, TestError.boom)])
        let result = scheduler.start { trigger.asObservable().withLatestFrom(other.asObservable()) }
        #expect(result.events == [.next(230, 1), .error(240, TestError.boom)])
        #expect(trigger.subscriptions == [Subscription(200, 240)])
    }
}

@MainActor
@Suite("combineLatest")
struct CombineLatestTests {
    @Test func emitsOnceBothHaveAValueThenOnEveryChange() {
        let scheduler = TestScheduler()
        let letters = scheduler.createHotObservable([
            .next(210, "a"), .next(230, "b"), .completed(250),
        ])
        let numbers = scheduler.createHotObservable([.next(220, 1), .next(240, 2), .completed(260)])
        let result = scheduler.start {
            Observable.combineLatest(letters.asObservable(), numbers.asObservable()) {
                "\($0)\($1)"
            }
        }
        #expect(
            result.events == [
                .next(220, "a1"), .next(230, "b1"), .next(240, "b2"), .completed(260),
            ])
    }

    @Test func theTupleFormPairsTheLatestValues() {
        let letters = BehaviorRelay(value: "a")
        let numbers = BehaviorRelay(value: 1)
        var pairs: [String] = []
        let subscription = Observable.combineLatest(letters, numbers).subscribe(onNext: {
            pairs.append("\($0)\($1)")
        })
        numbers.accept(2)
        #expect(pairs == ["a1", "a2"])
        subscription.dispose()
    }

    // RxSwift/Observables/CombineLatest.swift, `CombineLatestSink.done`: completion comes
    // only once every source is done, so a source that ends without a value leaves it open
    // while the other is silent (RxSwift's testCombineLatest_EmptyNever).
    @Test func aSourceThatCompletesWithoutAValueDoesNotEndItWhileTheOtherIsSilent() {
        let scheduler = TestScheduler()
        let empty = scheduler.createHotObservable([.completed(210, Int.self)])
        let silent = scheduler.createHotObservable([] as [Recorded<Event<Int>>])
        let result = scheduler.start {
            Observable.combineLatest(empty.asObservable(), silent.asObservable()) { $0 + $1 }
        }
        #expect(result.events == [])
        #expect(empty.subscriptions == [Subscription(200, 210)])
        #expect(silent.subscriptions == [Subscription(200, 1000)])
    }

    // CombineLatest.swift, `CombineLatestSink.next`: a value that arrives while every other
    // source is done, and one of them never had a value, completes it: no result can come
    // (testCombineLatest_EmptyReturn).
    @Test func aValueAfterTheOtherSourceCompletedWithoutOneCompletesIt() {
        let scheduler = TestScheduler()
        let empty = scheduler.createHotObservable([.completed(210, Int.self)])
        let numbers = scheduler.createHotObservable([.next(215, 2), .completed(220)])
        let result = scheduler.start {
            Observable.combineLatest(empty.asObservable(), numbers.asObservable()) { $0 + $1 }
        }
        #expect(result.events == [.completed(215)])
        #expect(empty.subscriptions == [Subscription(200, 210)])
        #expect(numbers.subscriptions == [Subscription(200, 215)])
    }

    // CombineLatest.swift, `CombineLatestSink.next`, with the sources the other way round
    // (testCombineLatest_ReturnEmpty).
    @Test func aValueOfTheFirstSourceAfterTheSecondCompletedWithoutOneCompletesIt() {
        let scheduler = TestScheduler()
        let numbers = scheduler.createHotObservable([.next(215, 2), .completed(220)])
        let empty = scheduler.createHotObservable([.completed(210, Int.self)])
        let result = scheduler.start {
            Observable.combineLatest(numbers.asObservable(), empty.asObservable()) { $0 + $1 }
        }
        #expect(result.events == [.completed(215)])
        #expect(numbers.subscriptions == [Subscription(200, 215)])
    }

    // CombineLatest.swift, `CombineLatestSink.done`: two sources without values complete it
    // when the second of them completes (testCombineLatest_EmptyEmpty).
    @Test func twoSourcesWithoutValuesCompleteItWhenTheLaterOneCompletes() {
        let scheduler = TestScheduler()
        let first = scheduler.createHotObservable([.completed(210, Int.self)])
        let second = scheduler.createHotObservable([.completed(220, Int.self)])
        let result = scheduler.start {
            Observable.combineLatest(first.asObservable(), second.asObservable()) { $0 + $1 }
        }
        #expect(result.events == [.completed(220)])
    }

    // CombineLatest.swift, `CombineLatestSink.done`: a source that gave values and completed
    // leaves it open while the other has none (testCombineLatest_ReturnNever).
    @Test func aSourceThatCompletesAfterItsValuesLeavesItOpenWhileTheOtherHasNone() {
        let scheduler = TestScheduler()
        let numbers = scheduler.createHotObservable([.next(215, 2), .completed(220)])
        let silent = scheduler.createHotObservable([] as [Recorded<Event<Int>>])
        let result = scheduler.start {
            Observable.combineLatest(numbers.asObservable(), silent.asObservable()) { $0 + $1 }
        }
        #expect(result.events == [])
        #expect(silent.subscriptions == [Subscription(200, 1000)])
    }
}
