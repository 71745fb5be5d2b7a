extension Observable {
    /// The bridge from async work: each subscription runs `work` in a `Task` on the main
    /// actor and delivers its value then `completed`, or its error. Disposing the subscription
    /// cancels the task, and an answer that arrives after disposal is never delivered, so a
    /// `flatMapLatest` over it drops a superseded answer.
    ///
    /// RxSwift twin: the `Single.create { single in let task = Task { … }; return
    /// Disposables.create { task.cancel() } }` idiom.
    /// Combine twin: `Future` wrapping a `Task` (plus cancellation, which `Future` lacks).
    ///
    /// ```swift
    /// query.flatMapLatest { query in Observable.fromAsync { try await service.search(query) } }
    /// ```
    public static func fromAsync(
        _ work: @escaping @MainActor () async throws -> Element
    ) -> Observable<Element> {
        create { observer in
            let task = Task { @MainActor in
                do {
                    let element = try await work()
                    observer.onNext(element)
                    observer.onCompleted()
                } catch {
                    observer.onError(error)
                }
            }
            return Disposables.create { task.cancel() }
        }
    }
}
