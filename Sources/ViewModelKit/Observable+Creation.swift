extension Observable {
    /// One value, then `completed`. RxSwift: `just`. Combine: `Just`.
    public static func just(_ element: Element) -> Observable<Element> {
        create { observer in
            observer.onNext(element)
            observer.onCompleted()
            return Disposables.create()
        }
    }

    /// `completed` at once. RxSwift: `empty`. Combine: `Empty`.
    public static func empty() -> Observable<Element> {
        create { observer in
            observer.onCompleted()
            return Disposables.create()
        }
    }

    /// Nothing, ever. RxSwift: `never`. Combine: `Empty(completeImmediately: false)`.
    public static func never() -> Observable<Element> {
        create { _ in Disposables.create() }
    }

    /// `error` at once. RxSwift: `error`. Combine: `Fail`.
    public static func error(_ error: any Error) -> Observable<Element> {
        create { observer in
            observer.onError(error)
            return Disposables.create()
        }
    }

    /// Each element in order, then `completed`. RxSwift: `from`. Combine: `Publishers.Sequence`.
    public static func from(_ elements: [Element]) -> Observable<Element> {
        create { observer in
            for element in elements {
                observer.onNext(element)
            }
            observer.onCompleted()
            return Disposables.create()
        }
    }
}
