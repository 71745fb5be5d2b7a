extension ObservableConvertibleType {
    /// Sends every value into `relays`; the relays' subscribers see them as accepted values.
    /// Completion is not forwarded (relays never end). An error cannot be forwarded either:
    /// it goes to `BindingError.handler`, which stops a debug build.
    ///
    /// RxSwift twin: `bind(to:)` (RxRelay/Observable+Bind.swift, whose error goes to
    /// `rxFatalErrorInDebug`). Combine twin: `subscribe(_ subject:)`.
    public func bind(
        to relays: PublishRelay<Element>..., file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        asObservable().subscribe(
            onNext: { element in
                for relay in relays {
                    relay.accept(element)
                }
            },
            onError: { error in
                BindingError.handler(
                    BindingError(error: error, target: "publish relay", file: file, line: line))
            })
    }

    /// Sends every value into `relays` (see `bind(to:)` with publish relays).
    public func bind(
        to relays: BehaviorRelay<Element>..., file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        asObservable().subscribe(
            onNext: { element in
                for relay in relays {
                    relay.accept(element)
                }
            },
            onError: { error in
                BindingError.handler(
                    BindingError(error: error, target: "behavior relay", file: file, line: line))
            })
    }

    /// Sends every event to `observer`, errors included.
    ///
    /// RxSwift twin: `bind(to:)` with observers (RxCocoa/Common/Observable+Bind.swift).
    public func bind<Observer: ObserverType>(to observer: Observer) -> any Disposable
    where Observer.Element == Element {
        asObservable().subscribe(observer)
    }
}

/// An error that reached a `bind(to:)` into relays, or a `Binder`. Neither a relay nor a view
/// can fail, so such an error is a mistake in the code that made the bound sequence: it
/// should have been caught before (`catchAndReturn`, `materialize`, a `Driver`).
///
/// RxSwift twin: none; RxRelay hands the same error to its internal `rxFatalErrorInDebug`.
/// Combine twin: none (`assign(to:)` and `subscribe(_:)` need a sequence that cannot fail).
public struct BindingError: Error, CustomStringConvertible {
    /// The error the bound sequence sent.
    public let error: any Error
    /// What the sequence was bound to ("publish relay", "behavior relay"), or empty for a
    /// `Binder`.
    public let target: String
    /// Where `bind(to:)` was called.
    public let file: StaticString
    /// The line of that call.
    public let line: UInt

    public init(error: any Error, target: String, file: StaticString, line: UInt) {
        self.error = error
        self.target = target
        self.file = file
        self.line = line
    }

    /// RxSwift's message: "Binding error to publish relay: …" (RxRelay), or
    /// "Binding error: …" (`Binder`).
    public var description: String {
        target.isEmpty ? "Binding error: \(error)" : "Binding error to \(target): \(error)"
    }

    /// What every binding does with its error. By default `stopInDebug`, RxSwift's rule: a
    /// debug build stops there, a release build prints the error and goes on. Replace it to
    /// report errors another way, or in a test to see that it is called; it runs on the main
    /// actor, where the binding received the error.
    @MainActor public static var handler: @MainActor (BindingError) -> Void = stopInDebug

    /// The default handler: `fatalError` at the `bind(to:)` call in a debug build (`DEBUG`
    /// set, as `swift build` and Xcode's Debug configuration do), a printed line in a
    /// release build.
    ///
    /// RxSwift twin: `rxFatalErrorInDebug` (RxRelay/Utils.swift).
    public static func stopInDebug(_ failure: BindingError) {
        #if DEBUG
            fatalError(failure.description, file: failure.file, line: failure.line)
        #else
            print("\(failure.file):\(failure.line): \(failure.description)")
        #endif
    }
}
