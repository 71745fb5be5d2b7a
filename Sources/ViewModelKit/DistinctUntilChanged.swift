extension Observable {
    /// Each value only when `comparer` says it differs from the previous one emitted.
    ///
    /// RxSwift twin: `distinctUntilChanged(_:)`. Combine twin: `removeDuplicates(by:)`.
    public func distinctUntilChanged(
        _ comparer: @escaping (Element, Element) throws -> Bool
    ) -> Observable<Element> {
        Observable.create { observer in
            var previous: Element?
            return self.subscribe { event in
                switch event {
                case .next(let element):
                    do {
                        if let previous, try comparer(previous, element) {
                            return
                        }
                        previous = element
                        observer.onNext(element)
                    } catch {
                        observer.onError(error)
                    }
                case .error(let error): observer.onError(error)
                case .completed: observer.onCompleted()
                }
            }
        }
    }

    /// Each value only when its key differs from the previous one's.
    ///
    /// RxSwift twin: `distinctUntilChanged(_ keySelector:)`. Combine twin:
    /// `removeDuplicates { $0.key == $1.key }`.
    public func distinctUntilChanged<Key: Equatable>(
        _ keySelector: @escaping (Element) throws -> Key
    ) -> Observable<Element> {
        distinctUntilChanged { try keySelector($0) == keySelector($1) }
    }

    /// Each value only when the property at `keyPath` differs from the previous one's.
    ///
    /// RxSwift twin: `distinctUntilChanged(at:)`. Combine twin: `removeDuplicates` by key.
    public func distinctUntilChanged<Property: Equatable>(
        at keyPath: KeyPath<Element, Property>
    ) -> Observable<Element> {
        distinctUntilChanged { $0[keyPath: keyPath] == $1[keyPath: keyPath] }
    }
}

extension Observable where Element: Equatable {
    /// Each value only when it differs from the previous one emitted.
    ///
    /// RxSwift twin: `distinctUntilChanged()`. Combine twin: `removeDuplicates()`.
    public func distinctUntilChanged() -> Observable<Element> {
        distinctUntilChanged { $0 == $1 }
    }
}
