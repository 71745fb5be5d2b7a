import Testing
import ViewModelKit

@MainActor
@Suite("Observable.fromAsync")
struct AsyncBridgeTests {
    @Test func theAnswerIsDeliveredThenCompleted() async {
        let service = ControllableService()
        let events = AsyncStream.makeStream(of: Event<String>.self)
        let subscription = Observable.fromAsync { try await service.search("dune") }
            .subscribe { events.continuation.yield($0) }
        #expect(await service.nextStep() == .asked("dune"))
        service.answer("dune", with: "Dune (2021)")
        var received = events.stream.makeAsyncIterator()
        #expect(await received.next(isolation: MainActor.shared) == .next("Dune (2021)"))
        #expect(await received.next(isolation: MainActor.shared) == .completed)
        subscription.dispose()
    }

    @Test func aThrownErrorIsDelivered() async {
        let events = AsyncStream.makeStream(of: Event<String>.self)
        let subscription = Observable<String>.fromAsync { throw TestError.boom }
            .subscribe { events.continuation.yield($0) }
        var received = events.stream.makeAsyncIterator()
        #expect(await received.next(isolation: MainActor.shared) == .error(TestError.boom))
        subscription.dispose()
    }

    @Test func disposingCancelsTheTaskAndALateAnswerIsNeverDelivered() async {
        let service = ControllableService()
        var received: [Event<String>] = []
        let subscription = Observable.fromAsync { try await service.search("dune") }
            .subscribe { received.append($0) }
        #expect(await service.nextStep() == .asked("dune"))
        subscription.dispose()
        #expect(await service.nextStep() == .cancelled("dune"))
        service.answer("dune", with: "too late")
        #expect(await service.nextStep() == .returning("dune"))
        #expect(received == [])
    }

    @Test func flatMapLatestNeverDeliversASupersededAnswer() async {
        let service = ControllableService()
        let query = PublishRelay<String>()
        var received: [String] = []
        let subscription = query.asObservable()
            .flatMapLatest { text in Observable.fromAsync { try await service.search(text) } }
            .subscribe(onNext: { received.append($0) })

        query.accept("du")
        #expect(await service.nextStep() == .asked("du"))
        query.accept("dune")
        #expect(await service.nextStep() == .cancelled("du"))
        #expect(await service.nextStep() == .asked("dune"))

        // The old request answers late, after the new one was sent.
        service.answer("du", with: "Duck Soup")
        #expect(await service.nextStep() == .returning("du"))
        #expect(received == [])

        service.answer("dune", with: "Dune (2021)")
        #expect(await service.nextStep() == .returning("dune"))
        #expect(received == ["Dune (2021)"])
        subscription.dispose()
    }
}
