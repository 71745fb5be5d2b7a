import Observation

/// Every state a view model's output sends, in order, for a test to wait on and read back.
@MainActor
@Observable
public final class StateRecorder<State: Sendable> {
    public private(set) var states: [State] = []
    @ObservationIgnored private var canceller: TaskCanceller?

    public init(_ output: AsyncStream<State>) {
        canceller = TaskCanceller(
            Task { [weak self] in
                for await state in output {
                    self?.states.append(state)
                }
            })
    }

    /// The last state sent so far.
    public var latest: State? { states.last }

    /// The first state from `index` on that satisfies `condition`, waiting for it until
    /// `timeout`; `nil` when none came.
    public func first(
        from index: Int = 0, timeout: Duration = .seconds(5),
        where condition: @escaping (State) -> Bool
    ) async -> (index: Int, state: State)? {
        _ = await waitUntil(timeout: timeout) {
            self.states.dropFirst(index).contains(where: condition)
        }
        guard let found = states.indices.dropFirst(index).first(where: { condition(states[$0]) })
        else { return nil }
        return (found, states[found])
    }
}

/// A test's harness around a view model whose output a `StateRecorder` records: it reads the
/// states through the harness, written once here instead of in every harness.
@MainActor
public protocol StateRecordingHarness {
    associatedtype State: Sendable
    var recorder: StateRecorder<State> { get }
}

extension StateRecordingHarness {
    /// Every state sent so far.
    public var states: [State] { recorder.states }

    /// The first state from `index` on that satisfies `condition`, waiting for it.
    public func state(
        from index: Int = 0, where condition: @escaping (State) -> Bool
    ) async -> (index: Int, state: State)? {
        await recorder.first(from: index, where: condition)
    }
}

/// Cancels a task when it goes away, so a recorder stops listening when the test drops it.
private final class TaskCanceller: Sendable {
    private let task: Task<Void, Never>

    init(_ task: Task<Void, Never>) {
        self.task = task
    }

    deinit {
        task.cancel()
    }
}
