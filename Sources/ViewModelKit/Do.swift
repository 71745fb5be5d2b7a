extension Observable {
    /// The same sequence, running side effects as events pass (logging, counting requests).
    /// A thrown error from `onNext` ends the sequence with `error`.
    ///
    /// RxSwift twin: `do(onNext:onError:onCompleted:onSubscribe:onDispose:)`.
    /// Combine twin: `handleEvents`.
    public func `do`(
        onNext: ((Element) throws -> Void)? = nil,
        onError: ((any Error) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Observable<Element> {
        Observable.create { observer in
            onSubscribe?()
            let subscription = self.subscribe { event in
                switch event {
                case .next(let element):
                    do {
                        try onNext?(element)
                        observer.onNext(element)
                    } catch {
                        observer.onError(error)
                    }
                case .error(let error):
                    onError?(error)
                    observer.onError(error)
                case .completed:
                    onCompleted?()
                    observer.onCompleted()
                }
            }
            return Disposables.create {
                subscription.dispose()
                onDispose?()
            }
        }
    }
}
