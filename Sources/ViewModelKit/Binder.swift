/// An observer that sets one property of a view: it holds the view weakly, so a binding
/// never keeps a screen alive, and sets nothing once the view is gone. A view cannot show an
/// error, so an error reaching it goes to `BindingError.handler`; completion is ignored.
///
/// RxSwift twin: `Binder` (RxSwift/Binder.swift), without its scheduler: every binding
/// already runs on the main actor. Combine twin: `assign(to:on:)`, which holds its object
/// strongly.
///
/// ```swift
/// output.title.drive(navigationItem.rx.title).disposed(by: disposeBag)
/// ```
public struct Binder<Value>: ObserverType {
    public typealias Element = Value

    private let binding: @MainActor (Event<Value>) -> Void

    /// A binder that hands each value to `binding` with `target`, while `target` lives.
    public init<Target: AnyObject>(
        _ target: Target, file: StaticString = #fileID, line: UInt = #line,
        binding: @escaping @MainActor (Target, Value) -> Void
    ) {
        self.binding = { [weak target] event in
            switch event {
            case .next(let value):
                if let target {
                    binding(target, value)
                }
            case .error(let error):
                BindingError.handler(BindingError(error: error, target: "", file: file, line: line))
            case .completed:
                break
            }
        }
    }

    public func on(_ event: Event<Value>) {
        binding(event)
    }

    /// This binder as a type-erased observer.
    public func asObserver() -> AnyObserver<Value> {
        let binding = binding
        return AnyObserver { event in binding(event) }
    }
}
