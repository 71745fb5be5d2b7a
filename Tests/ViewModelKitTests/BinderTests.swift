import Testing
import ViewModelKit
import ViewModelKitTesting

@MainActor
@Suite("Binder and rx")
struct BinderTests {
    final class Label: ReactiveCompatible {
        var text = ""
        var isHidden = false
    }

    /// Runs `body` with `BindingError.handler` recording instead of stopping.
    private func failures(during body: () -> Void) -> [String] {
        let previous = BindingError.handler
        defer { BindingError.handler = previous }
        var failures: [String] = []
        BindingError.handler = { failures.append($0.description) }
        body()
        return failures
    }

    // RxSwift/Reactive.swift: `rx` has a binder for every writable property, by key path.
    @Test func aKeyPathBinderSetsThePropertyForEveryValue() {
        let label = Label()
        let text = PublishRelay<String>()
        let binding = text.asSignal().emit(to: label.rx.text)
        text.accept("Loading…")
        #expect(label.text == "Loading…")
        text.accept("Dune")
        #expect(label.text == "Dune")
        binding.dispose()
        text.accept("after")
        #expect(label.text == "Dune")
    }

    // RxSwift/Binder.swift: `Binder` holds its target weakly and binds nothing once it is gone.
    @Test func aBinderDoesNotKeepItsTargetAlive() {
        let isHidden = BehaviorRelay(value: false)
        weak var released: Label?
        var binding: (any Disposable)?
        do {
            let label = Label()
            released = label
            binding = isHidden.asDriver().drive(label.rx.isHidden)
            #expect(label.isHidden == false)
        }
        #expect(released == nil)
        isHidden.accept(true)
        binding?.dispose()
    }

    // RxSwift/Binder.swift: an error goes to `rxFatalErrorInDebug("Binding error: …")`;
    // completion is ignored.
    @Test func anErrorReachingABinderGoesToTheFailureHandler() {
        let label = Label()
        let recorded = failures {
            _ = Observable<String>.create { observer in
                observer.onNext("shown")
                observer.onError(TestError.boom)
                return Disposables.create()
            }
            .bind(to: label.rx.text)
            _ = Observable.just("done").bind(to: label.rx.text)
        }
        #expect(label.text == "done")
        #expect(recorded == ["Binding error: boom"])
    }
}
