extension Observable {
    /// A value only once `dueTime` has passed without another: a burst gives its last value,
    /// `dueTime` after the burst. On `completed` a waiting value goes out first.
    ///
    /// RxSwift twin: `debounce(_:scheduler:)`. Combine twin: `debounce(for:scheduler:)`.
    public func debounce(_ dueTime: Duration, scheduler: any SchedulerType)
        -> Observable<Element>
    {
        Observable.create { observer in
            let timer = SerialDisposable()
            var pending: Element?
            let subscription = self.subscribe { event in
                switch event {
                case .next(let element):
                    pending = element
                    timer.disposable = scheduler.schedule(after: dueTime) {
                        guard let element = pending else { return }
                        pending = nil
                        observer.onNext(element)
                    }
                case .error(let error):
                    timer.disposable = nil
                    pending = nil
                    observer.onError(error)
                case .completed:
                    timer.disposable = nil
                    if let element = pending {
                        pending = nil
                        observer.onNext(element)
                    }
                    observer.onCompleted()
                }
            }
            return Disposables.create(subscription, timer)
        }
    }
}
