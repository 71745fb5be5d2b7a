extension Observable {
    /// `elements` first, at subscription, then this sequence's values.
    ///
    /// RxSwift twin: `startWith`. Combine twin: `prepend`.
    public func startWith(_ elements: Element...) -> Observable<Element> {
        Observable.create { observer in
            for element in elements {
                observer.onNext(element)
            }
            return self.subscribe(observer)
        }
    }
}
