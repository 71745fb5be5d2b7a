extension Observable {
    /// Each value transformed. A thrown error ends the sequence with `error`.
    ///
    /// RxSwift twin: `map`. Combine twin: `map` / `tryMap`.
    public func map<Result>(_ transform: @escaping (Element) throws -> Result)
        -> Observable<Result>
    {
        Observable<Result>.create { observer in
            self.subscribe { event in
                switch event {
                case .next(let element):
                    do {
                        observer.onNext(try transform(element))
                    } catch {
                        observer.onError(error)
                    }
                case .error(let error): observer.onError(error)
                case .completed: observer.onCompleted()
                }
            }
        }
    }

    /// Each value transformed, leaving out those that become `nil`.
    ///
    /// RxSwift twin: `compactMap`. Combine twin: `compactMap`.
    public func compactMap<Result>(_ transform: @escaping (Element) throws -> Result?)
        -> Observable<Result>
    {
        Observable<Result>.create { observer in
            self.subscribe { event in
                switch event {
                case .next(let element):
                    do {
                        if let result = try transform(element) {
                            observer.onNext(result)
                        }
                    } catch {
                        observer.onError(error)
                    }
                case .error(let error): observer.onError(error)
                case .completed: observer.onCompleted()
                }
            }
        }
    }

    /// Only the values that pass `predicate`.
    ///
    /// RxSwift twin: `filter`. Combine twin: `filter`.
    public func filter(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        compactMap { element in try predicate(element) ? element : nil }
    }
}
