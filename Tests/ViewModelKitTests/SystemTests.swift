import Testing
import ViewModelKit
import ViewModelKitTesting

// Marble times are TestScheduler ticks of one virtual millisecond (`TestScheduler.resolution`).
// Under RxTest, make each scheduler `TestScheduler(initialClock: 0, resolution: 0.001)`.

// `Observable.system` is RxFeedback's, as RxSwift's example app carries it:
// RxExample/RxExample/Observable+Extensions.swift in the RxSwift repository.
@MainActor
@Suite("system")
struct SystemTests {
    // Observable+Extensions.swift, `system`: `startWith(initialState)` gives the subscriber
    // the initial state at subscription, and each action then gives the state `reduce`
    // makes of it.
    @Test func theInitialStateComesFirstThenAStatePerAction() {
        let scheduler = TestScheduler()
        let user = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
        let result = scheduler.start {
            Observable.system(
                initialState: 0,
                reduce: { (state: Int, action: Int) in state + action },
                feedback: { _ in user.asObservable() })
        }
        #expect(result.events == [.next(200, 0), .next(210, 1), .next(220, 3)])
    }

    // Observable+Extensions.swift, `system`: the loops get the state too, and the initial
    // state is the first they get.
    @Test func everyLoopGetsTheInitialStateFirst() {
        var seenByLoop: [Int] = []
        let user = PublishRelay<Int>()
        let system = Observable.system(
            initialState: 0,
            reduce: { (state: Int, action: Int) in state + action },
            feedback: { _ in user.asObservable() },
            { state in
                state.do(onNext: { seenByLoop.append($0) }).compactMap { _ in nil as Int? }
            })
        var states: [Int] = []
        let subscription = system.subscribe(onNext: { states.append($0) })
        user.accept(5)
        #expect(states == [0, 5])
        #expect(seenByLoop == [0, 5])
        subscription.dispose()
    }

    // Observable+Extensions.swift, `system`: one `scan` over the merged loops, so `reduce`
    // sees each action once, in the order the loops sent them, each with the state the one
    // before left.
    @Test func reduceSeesEveryActionInTheOrderTheLoopsSentThem() {
        let scheduler = TestScheduler()
        let letters = scheduler.createHotObservable([.next(210, "a"), .next(230, "c")])
        let digits = scheduler.createHotObservable([.next(220, "1")])
        var reduced: [String] = []
        let result = scheduler.start {
            Observable.system(
                initialState: "",
                reduce: { (state: String, action: String) in
                    reduced.append("\(state)+\(action)")
                    return state + action
                },
                feedback: { _ in letters.asObservable() }, { _ in digits.asObservable() })
        }
        #expect(
            result.events == [.next(200, ""), .next(210, "a"), .next(220, "a1"), .next(230, "a1c")])
        #expect(reduced == ["+a", "a+1", "a1+c"])
    }

    // Observable+Extensions.swift, `system`, guards against re-entrancy with
    // `observe(on: CurrentThreadScheduler.instance)`: actions a loop sends while a state is
    // being delivered wait until every subscriber and loop has that state, then go through
    // `reduce` one at a time, in the order sent. (There they also wait for the scheduler's
    // next turn; here they go before the first action's send returns.)
    @Test func actionsALoopSendsWhileAStateIsDeliveredWaitTheirTurnInOrder() {
        let user = PublishRelay<String>()
        var reduced: [String] = []
        var seenByWatcher: [[String]] = []
        let system = Observable.system(
            initialState: [String](),
            reduce: { (state: [String], action: String) in
                reduced.append(action)
                return state + [action]
            },
            feedback: { _ in user.asObservable() },
            { state in
                state.flatMapLatest { state in
                    state.last == "go" ? Observable.from(["b", "c"]) : .empty()
                }
            },
            { state in
                state.do(onNext: { seenByWatcher.append($0) }).compactMap { _ in nil as String? }
            })
        var states: [[String]] = []
        let subscription = system.subscribe(onNext: { states.append($0) })
        user.accept("go")
        #expect(reduced == ["go", "b", "c"])
        #expect(states == [[], ["go"], ["go", "b"], ["go", "b", "c"]])
        #expect(seenByWatcher == [[], ["go"], ["go", "b"], ["go", "b", "c"]])
        subscription.dispose()
    }

    // Observable+Extensions.swift, `system`: a loop that answers a state at once keeps
    // getting the states its own actions make, starting with its answer to the initial one.
    @Test func aLoopGetsEveryStateItsOwnActionsMake() {
        let system = Observable.system(
            initialState: 0,
            reduce: { (state: Int, action: Int) in state + action },
            feedback: { state in state.filter { $0 < 3 }.map { _ in 1 } })
        var states: [Int] = []
        let subscription = system.subscribe(onNext: { states.append($0) })
        #expect(states == [0, 1, 2, 3])
        subscription.dispose()
    }

    // Observable+Extensions.swift, `system`: "started upon subscription and stopped after
    // subscription is disposed". Disposing ends every loop's subscription and the work a
    // loop started, and `reduce` sees nothing after.
    @Test func disposingTheSubscriptionStopsEveryLoopAndItsWork() {
        let scheduler = TestScheduler()
        let user = scheduler.createHotObservable([.next(210, 1), .next(600, 2)])
        let request = scheduler.createColdObservable([.next(1000, 100)])
        var reduced: [Int] = []
        let result = scheduler.start(disposed: 500) {
            Observable.system(
                initialState: 0,
                reduce: { (state: Int, action: Int) in
                    reduced.append(action)
                    return state + action
                },
                feedback: { _ in user.asObservable() },
                { state in
                    state.filter { $0 == 1 }.flatMapLatest { _ in request.asObservable() }
                })
        }
        #expect(result.events == [.next(200, 0), .next(210, 1)])
        #expect(reduced == [1])
        #expect(user.subscriptions == [Subscription(200, 500)])
        #expect(request.subscriptions == [Subscription(210, 500)])
    }

    // Observable+Extensions.swift, `system` is `Observable.deferred`: each subscription runs
    // its own machine from the initial state.
    @Test func eachSubscriptionRunsItsOwnMachine() {
        let user = PublishRelay<Int>()
        var reduceCalls = 0
        let system = Observable.system(
            initialState: 0,
            reduce: { (state: Int, action: Int) in
                reduceCalls += 1
                return state + action
            },
            feedback: { _ in user.asObservable() })
        var first: [Int] = []
        var second: [Int] = []
        let a = system.subscribe(onNext: { first.append($0) })
        user.accept(1)
        let b = system.subscribe(onNext: { second.append($0) })
        user.accept(2)
        #expect(first == [0, 1, 3])
        #expect(second == [0, 2])
        #expect(reduceCalls == 3)
        a.dispose()
        b.dispose()
    }
}
