import Synchronization
import Testing
import ViewModelKit

@MainActor
@Suite("Disposal")
struct DisposalTests {
    @Test func nothingIsDeliveredAfterDispose() {
        let relay = PublishRelay<Int>()
        var received: [Int] = []
        let subscription = relay.asObservable().map { $0 * 2 }.subscribe(onNext: {
            received.append($0)
        })
        relay.accept(1)
        subscription.dispose()
        relay.accept(2)
        #expect(received == [2])
    }

    @Test func disposingFromInsideADeliveryStopsTheRestAtOnce() {
        let relay = PublishRelay<Int>()
        var received: [String] = []
        var second: (any Disposable)?
        let first = relay.asObservable().subscribe(onNext: { value in
            received.append("first \(value)")
            second?.dispose()
        })
        second = relay.asObservable().subscribe(onNext: { received.append("second \($0)") })
        relay.accept(1)
        #expect(received == ["first 1"])
        first.dispose()
    }

    @Test func aFreedDisposeBagDisposesItsSubscriptions() {
        let relay = PublishRelay<Int>()
        var received: [Int] = []
        var bag: DisposeBag? = DisposeBag()
        if let bag {
            relay.asObservable().subscribe(onNext: { received.append($0) }).disposed(by: bag)
        }
        relay.accept(1)
        bag = nil
        relay.accept(2)
        #expect(received == [1])
    }

    @Test func replacingTheDisposeBagEndsItsSubscriptions() {
        let relay = PublishRelay<Int>()
        var received: [Int] = []
        var bag = DisposeBag()
        relay.asObservable().subscribe(onNext: { received.append($0) }).disposed(by: bag)
        relay.accept(1)
        bag = DisposeBag()
        relay.accept(2)
        #expect(received == [1])
        _ = bag
    }

    @Test func disposingFreesTheSubscribersClosuresAndTheSubscription() {
        let relay = PublishRelay<Int>()
        weak var weakTracked: Tracked?
        weak var weakSubscription: AnyObject?
        var subscription: (any Disposable)?
        do {
            let tracked = Tracked()
            weakTracked = tracked
            let made = relay.asObservable()
                .map { $0 + 1 }
                .filter { _ in true }
                .subscribe(onNext: { _ in _ = tracked })
            weakSubscription = made as AnyObject
            subscription = made
        }
        #expect(weakTracked != nil)
        subscription?.dispose()
        subscription = nil
        #expect(weakTracked == nil)
        #expect(weakSubscription == nil)
    }

    @Test func aFreedDisposeBagFreesTheSubscribersClosures() {
        let relay = BehaviorRelay(value: 0)
        weak var weakTracked: Tracked?
        var bag: DisposeBag? = DisposeBag()
        do {
            let tracked = Tracked()
            weakTracked = tracked
            if let bag {
                relay.asDriver().map { $0 * 2 }.drive(onNext: { _ in _ = tracked })
                    .disposed(by: bag)
            }
        }
        #expect(weakTracked != nil)
        bag = nil
        #expect(weakTracked == nil)
    }

    @Test func theEndFreesTheSubscribersClosures() {
        weak var weakTracked: Tracked?
        do {
            let tracked = Tracked()
            weakTracked = tracked
            _ = Observable.just(1).subscribe(onNext: { _ in _ = tracked })
        }
        #expect(weakTracked == nil)
    }

    @Test func disposeRunsTheCleanupOnce() {
        var cleanups = 0
        let disposable = Disposables.create(with: { cleanups += 1 })
        disposable.dispose()
        disposable.dispose()
        #expect(cleanups == 1)
    }

    @Test func aDisposeBagFreedOffTheMainActorStopsDeliveryAtOnce() async {
        let relay = PublishRelay<Int>()
        var received: [Int] = []
        var bag: DisposeBag? = DisposeBag()
        let cleanedUp = AsyncStream.makeStream(of: Void.self)
        if let bag {
            relay.asObservable()
                .subscribe(
                    onNext: { received.append($0) },
                    onDisposed: { cleanedUp.continuation.yield() }
                )
                .disposed(by: bag)
        }
        relay.accept(1)
        // The last reference goes away on another thread, as when a main-actor object that
        // owns the bag is freed elsewhere.
        let handOff = HandOff(bag)
        bag = nil
        await Task.detached { handOff.release() }.value
        relay.accept(2)
        #expect(received == [1])
        var cleanups = cleanedUp.stream.makeAsyncIterator()
        let guardTask = Task {
            try await Task.sleep(for: .seconds(120))
            cleanedUp.continuation.finish()
        }
        #expect(await cleanups.next(isolation: MainActor.shared) != nil)
        guardTask.cancel()
    }
}

/// Carries the last reference to a bag to another thread, which frees it there.
private final class HandOff: Sendable {
    private let bag: Mutex<DisposeBag?>

    init(_ bag: DisposeBag?) {
        self.bag = Mutex(bag)
    }

    func release() {
        bag.withLock { $0 = nil }
    }
}
