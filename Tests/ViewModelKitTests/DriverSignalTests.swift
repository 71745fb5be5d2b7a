import Testing
import ViewModelKit
import ViewModelKitTesting

// Marble times are TestScheduler ticks of one virtual millisecond (`TestScheduler.resolution`).
// Under RxTest, make each scheduler `TestScheduler(initialClock: 0, resolution: 0.001)`.

@MainActor
@Suite("Driver")
struct DriverTests {
    @Test func aLateSubscriberGetsTheLatestValueAtOnce() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(210, "a"), .next(220, "b"), .next(240, "c"),
        ])
        let driver = source.asObservable().asDriver(onErrorJustReturn: "failed")
        let early = scheduler.createObserver(String.self)
        let late = scheduler.createObserver(String.self)
        var subscriptions: [any Disposable] = []
        scheduler.scheduleAt(200) { subscriptions.append(driver.drive(early)) }
        scheduler.scheduleAt(230) { subscriptions.append(driver.drive(late)) }
        scheduler.start()
        #expect(early.events == [.next(210, "a"), .next(220, "b"), .next(240, "c")])
        #expect(late.events == [.next(230, "b"), .next(240, "c")])
        #expect(source.subscriptions == [Subscription(200)])
    }

    @Test func anErrorBecomesTheFallbackValueAndTheEnd() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])
        let result = scheduler.start { source.asObservable().asDriver(onErrorJustReturn: -1) }
        #expect(result.events == [.next(210, 1), .next(220, -1), .completed(220)])
    }

    @Test func anErrorCanContinueWithAnotherDriver() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.error(210, TestError.boom, Int.self)])
        let result = scheduler.start {
            source.asObservable().asDriver(onErrorDriveWith: .just(0))
        }
        #expect(result.events == [.next(210, 0), .completed(210)])
    }

    @Test func operatorsKeepTheReplay() {
        let relay = BehaviorRelay(value: 1)
        let doubled = relay.asDriver().map { $0 * 2 }.filter { $0 > 0 }.distinctUntilChanged()
        var first: [Int] = []
        var second: [Int] = []
        let a = doubled.drive(onNext: { first.append($0) })
        relay.accept(2)
        let b = doubled.drive(onNext: { second.append($0) })
        #expect(first == [2, 4])
        #expect(second == [4])
        a.dispose()
        b.dispose()
    }

    @Test func driveSendsEveryValueIntoARelay() {
        let relay = BehaviorRelay(value: 0)
        let target = BehaviorRelay(value: 0)
        let subscription = relay.asDriver().map { $0 + 100 }.drive(target)
        relay.accept(1)
        #expect(target.value == 101)
        subscription.dispose()
    }

    // RxCocoa/Traits/Driver/Driver+Subscription.swift: `drive()` subscribes with a no-op.
    @Test func driveWithNoArgumentsSubscribesSoTheWorkOnTheWayRuns() {
        let relay = BehaviorRelay(value: 1)
        var seen: [Int] = []
        let driver = relay.asDriver().do(onNext: { seen.append($0) })
        #expect(seen.isEmpty, "nothing runs before a subscriber")
        let subscription = driver.drive()
        relay.accept(2)
        subscription.dispose()
        relay.accept(3)
        #expect(seen == [1, 2])
    }

    @Test func withLatestFromScanAndStartWithKeepTheTrait() {
        let scheduler = TestScheduler()
        let enter = scheduler.createHotObservable([.next(210, ()), .next(230, ())])
        let selection = BehaviorRelay(value: 0)
        scheduler.scheduleAt(220) { selection.accept(5) }
        let result = scheduler.start {
            enter.asObservable().asSignal(onErrorJustReturn: ())
                .withLatestFrom(selection.asDriver().asSignal(onErrorSignalWith: .empty()))
                .scan(0, accumulator: +)
                .startWith(-1)
        }
        #expect(result.events == [.next(200, -1), .next(210, 0), .next(230, 5)])
    }

    @Test func flatMapLatestAndMergeKeepTheTrait() {
        let scheduler = TestScheduler()
        let first = scheduler.createHotObservable([.next(210, 1)])
        let second = scheduler.createHotObservable([.next(220, 2)])
        let result = scheduler.start {
            Driver.merge(
                first.asObservable().asDriver(onErrorJustReturn: 0),
                second.asObservable().asDriver(onErrorJustReturn: 0)
            )
            .flatMapLatest { value in Driver.just(value * 10) }
        }
        #expect(result.events == [.next(210, 10), .next(220, 20)])
    }

    // Differs from RxCocoa on purpose (see the README): `asDriver` there is
    // `observe(on: MainScheduler.instance)` (RxCocoa/Traits/Driver/
    // ObservableConvertibleType+Driver.swift), which delivers a value sent on the main
    // thread at once but one sent during that delivery on a later turn of the main queue
    // (`MainScheduler.scheduleInternal`, RxSwift/Schedulers/MainScheduler.swift). Here it
    // waits only until every subscriber has the current value, and arrives before the
    // outermost send returns.
    @Test func aValueSentWhileADriverDeliversIsQueuedAndDeliveredBeforeTheSendReturns() {
        let relay = BehaviorRelay(value: 0)
        let driver = relay.asDriver()
        var log: [String] = []
        let first = driver.drive(onNext: { value in
            log.append("first \(value)")
            if value == 1 {
                relay.accept(2)
                relay.accept(3)
                log.append("first back from accept")
            }
        })
        let second = driver.drive(onNext: { log.append("second \($0)") })
        relay.accept(1)
        log.append("accept returned")
        #expect(
            log == [
                "first 0", "second 0", "first 1", "first back from accept", "second 1",
                "first 2", "second 2", "first 3", "second 3", "accept returned",
            ])
        first.dispose()
        second.dispose()
    }

    @Test func combineLatestAndDebounceKeepTheTrait() {
        let scheduler = TestScheduler()
        let query = scheduler.createHotObservable([.next(210, "a"), .next(250, "ab")])
        let page = BehaviorRelay(value: 1)
        let result = scheduler.start {
            Driver.combineLatest(
                query.asObservable().asDriver(onErrorJustReturn: "")
                    .debounce(.milliseconds(300), scheduler: scheduler),
                page.asDriver()
            ) { "\($0)#\($1)" }
        }
        #expect(result.events == [.next(550, "ab#1")])
    }
}

@MainActor
@Suite("Signal")
struct SignalTests {
    @Test func aLateSubscriberGetsNothingOld() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, "a"), .next(240, "b")])
        let signal = source.asObservable().asSignal(onErrorJustReturn: "failed")
        let early = scheduler.createObserver(String.self)
        let late = scheduler.createObserver(String.self)
        var subscriptions: [any Disposable] = []
        scheduler.scheduleAt(200) { subscriptions.append(signal.emit(to: early)) }
        scheduler.scheduleAt(230) { subscriptions.append(signal.emit(to: late)) }
        scheduler.start()
        #expect(early.events == [.next(210, "a"), .next(240, "b")])
        #expect(late.events == [.next(240, "b")])
        #expect(source.subscriptions == [Subscription(200)])
    }

    @Test func aPublishRelayAsSignalForwardsOnlyNewValues() {
        let relay = PublishRelay<Int>()
        let signal = relay.asSignal()
        relay.accept(1)
        var received: [Int] = []
        let subscription = signal.map { $0 * 3 }.emit(onNext: { received.append($0) })
        relay.accept(2)
        #expect(received == [6])
        subscription.dispose()
    }

    @Test func emitSendsEveryValueIntoARelay() {
        let source = PublishRelay<String>()
        let target = PublishRelay<String>()
        var received: [String] = []
        let listening = target.asObservable().subscribe(onNext: { received.append($0) })
        let forwarding = source.asSignal().emit(to: target)
        source.accept("x")
        #expect(received == ["x"])
        listening.dispose()
        forwarding.dispose()
    }

    // RxCocoa/Traits/Signal/Signal+Subscription.swift: `emit()` subscribes with a no-op.
    @Test func emitWithNoArgumentsSubscribesSoTheWorkOnTheWayRuns() {
        let relay = PublishRelay<String>()
        var seen: [String] = []
        let signal = relay.asSignal().do(onNext: { seen.append($0) })
        relay.accept("before")
        let subscription = signal.emit()
        relay.accept("x")
        subscription.dispose()
        relay.accept("after")
        #expect(seen == ["x"])
    }

    // Differs from RxCocoa on purpose, as the Driver's test above: RxCocoa's
    // `PublishRelay.asSignal()` (RxCocoa/Traits/Signal/PublishRelay+Signal.swift) also
    // observes on `MainScheduler.instance`.
    @Test func aValueSentWhileASignalDeliversIsQueuedAndDeliveredBeforeTheSendReturns() {
        let relay = PublishRelay<Int>()
        let signal = relay.asSignal()
        var log: [String] = []
        let first = signal.emit(onNext: { value in
            log.append("first \(value)")
            if value == 1 {
                relay.accept(2)
                log.append("first back from accept")
            }
        })
        let second = signal.emit(onNext: { log.append("second \($0)") })
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

    @Test func anErrorCanContinueWithAnotherSignal() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.error(210, TestError.boom, Int.self)])
        let result = scheduler.start { source.asObservable().asSignal(onErrorSignalWith: .empty()) }
        #expect(result.events == [.completed(210)])
    }
}
