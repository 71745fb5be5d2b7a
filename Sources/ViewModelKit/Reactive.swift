/// The `rx` namespace: `view.rx.title` is a binder for the view's `title`. Any writable
/// property of a class has one, made from its key path; a UI module adds its own, named as
/// RxCocoa names them, in `extension Reactive where Base: SomeView`.
///
/// RxSwift twin: `Reactive` (RxSwift/Reactive.swift), with the same key-path binders.
/// Combine twin: none (`assign(to: \.title, on: view)`).
@MainActor
@dynamicMemberLookup
public struct Reactive<Base> {
    /// The object the extensions act on.
    public let base: Base

    public init(_ base: Base) {
        self.base = base
    }

    /// A binder that sets the property at `keyPath`.
    public subscript<Property>(
        dynamicMember keyPath: ReferenceWritableKeyPath<Base, Property>
    ) -> Binder<Property> where Base: AnyObject {
        Binder(base) { base, value in
            base[keyPath: keyPath] = value
        }
    }
}

/// A type with an `rx` namespace. A UI module makes its views conform.
///
/// RxSwift twin: `ReactiveCompatible` (RxSwift/Reactive.swift), which `NSObject` adopts.
@MainActor
public protocol ReactiveCompatible {
    associatedtype ReactiveBase

    /// The reactive extensions of this type.
    static var rx: Reactive<ReactiveBase>.Type { get set }

    /// The reactive extensions of this value.
    var rx: Reactive<ReactiveBase> { get set }
}

extension ReactiveCompatible {
    public static var rx: Reactive<Self>.Type {
        get { Reactive<Self>.self }
        // Settable, as in RxSwift, so that an extension may mutate through `rx`.
        set {}
    }

    public var rx: Reactive<Self> {
        get { Reactive(self) }
        set {}
    }
}
