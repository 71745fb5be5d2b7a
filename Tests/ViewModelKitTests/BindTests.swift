import Testing
import ViewModelKit
import ViewModelKitTesting

@MainActor
@Suite("bind(to:)")
struct BindTests {
    /// Runs `body` with `BindingError.handler` recording instead of stopping, and returns
    /// what it recorded. The test runs on the main actor without suspending, so no other
    /// test's binding sees the replaced handler.
    private func failures(during body: () -> Void) -> [String] {
        let previous = BindingError.handler
        defer { BindingError.handler = previous }
        var failures: [String] = []
        BindingError.handler = { failures.append("\($0) at \($0.file):\($0.line)") }
        body()
        return failures
    }

    private func valueThenError() -> Observable<Int> {
        Observable.create { observer in
            observer.onNext(1)
            observer.onError(TestError.boom)
            return Disposables.create()
        }
    }

    // RxRelay/Observable+Bind.swift, `bind(to:)` with publish relays: the values go to the
    // relays and an error to `rxFatalErrorInDebug` ("Binding error to publish relay: …").
    @Test func anErrorBoundToAPublishRelayGoesToTheFailureHandler() {
        let relay = PublishRelay<Int>()
        var received: [Int] = []
        let listening = relay.asObservable().subscribe(onNext: { received.append($0) })
        var line: UInt = 0
        let recorded = failures {
            line = #line + 1
            _ = valueThenError().bind(to: relay)
        }
        #expect(received == [1])
        #expect(
            recorded == [
                "Binding error to publish relay: boom at ViewModelKitTests/BindTests.swift:\(line)"
            ])
        listening.dispose()
    }

    // RxRelay/Observable+Bind.swift, `bind(to:)` with behavior relays: the same, with
    // "Binding error to behavior relay: …".
    @Test func anErrorBoundToABehaviorRelayGoesToTheFailureHandler() {
        let relay = BehaviorRelay(value: 0)
        var line: UInt = 0
        let recorded = failures {
            line = #line + 1
            _ = valueThenError().bind(to: relay)
        }
        #expect(relay.value == 1)
        #expect(
            recorded == [
                "Binding error to behavior relay: boom at ViewModelKitTests/BindTests.swift:\(line)"
            ])
    }

    // RxRelay/Observable+Bind.swift: `.completed` is ignored, and is no failure.
    @Test func aCompletionBoundToARelayIsIgnored() {
        let relay = BehaviorRelay(value: 0)
        let recorded = failures {
            _ = Observable.just(5).bind(to: relay)
        }
        #expect(relay.value == 5)
        #expect(recorded == [])
    }

    // RxCocoa/Common/Observable+Bind.swift, `bind(to:)` with observers: every event, the
    // error included, goes to the observer, and no failure is reported.
    @Test func bindingToAnObserverForwardsTheErrorToIt() {
        let observer = TestScheduler().createObserver(Int.self)
        let recorded = failures {
            _ = valueThenError().bind(to: observer)
        }
        #expect(observer.events.map(\.value) == [.next(1), .error(TestError.boom)])
        #expect(recorded == [])
    }
}
