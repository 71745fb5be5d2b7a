import Synchronization

/// A list that grows on any thread and that a test can wait on: `wait(until:)` resumes as
/// soon as an `append` makes its condition hold. For fakes whose calls arrive off the main
/// actor, so that a test waits for the call itself instead of polling for it.
public final class WaitableLog<Entry: Sendable>: Sendable {
    private struct Waiter {
        let id: Int
        let condition: @Sendable ([Entry]) -> Bool
        let continuation: CheckedContinuation<Bool, Never>
    }

    private struct Storage {
        var entries: [Entry] = []
        var waiters: [Waiter] = []
        var expired: Set<Int> = []
        var nextID = 0
    }

    private let storage = Mutex(Storage())

    public init() {}

    /// Everything appended so far, in order.
    public var entries: [Entry] {
        storage.withLock { $0.entries }
    }

    public func append(_ entry: Entry) {
        let ready = storage.withLock { storage in
            storage.entries.append(entry)
            let entries = storage.entries
            let ready = storage.waiters.filter { $0.condition(entries) }
            storage.waiters.removeAll { $0.condition(entries) }
            return ready.map(\.continuation)
        }
        for continuation in ready {
            continuation.resume(returning: true)
        }
    }

    /// Waits until `condition` holds for the entries; `false` after `timeout`, a deadline
    /// set far beyond any honest wait that only guards against a hang.
    public func wait(
        timeout: Duration = .seconds(60), until condition: @escaping @Sendable ([Entry]) -> Bool
    ) async -> Bool {
        let id = storage.withLock { storage in
            defer { storage.nextID += 1 }
            return storage.nextID
        }
        let deadline = Task { [weak self] in
            try? await Task.sleep(for: timeout)
            self?.expire(id)
        }
        defer { deadline.cancel() }
        return await withCheckedContinuation { continuation in
            let answer: Bool? = storage.withLock { storage in
                if condition(storage.entries) { return true }
                if storage.expired.contains(id) { return false }
                storage.waiters.append(
                    Waiter(id: id, condition: condition, continuation: continuation))
                return nil
            }
            if let answer {
                continuation.resume(returning: answer)
            }
        }
    }

    private func expire(_ id: Int) {
        let waiter = storage.withLock { storage -> CheckedContinuation<Bool, Never>? in
            storage.expired.insert(id)
            if let index = storage.waiters.firstIndex(where: { $0.id == id }) {
                return storage.waiters.remove(at: index).continuation
            }
            return nil
        }
        waiter?.resume(returning: false)
    }
}
