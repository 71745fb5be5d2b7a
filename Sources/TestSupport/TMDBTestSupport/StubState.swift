import Foundation
import TMDB

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The rules and the record of one `HTTPStub`, shared with the protocol that serves it.
///
/// The registry keeps every state for the life of the process (a few kilobytes per test):
/// a session may outlive the `HTTPStub` value that made it, and must still be answered.
final class StubState: Sendable {
    struct Rule {
        var path: String
        var query: [String: String]
        var responses: [StubResponse]
        var servedCount = 0
        /// When set, makes each response instead of `responses`.
        var makeResponse: (@Sendable (RecordedRequest) -> StubResponse)?

        init(
            path: String, query: [String: String], responses: [StubResponse],
            makeResponse: (@Sendable (RecordedRequest) -> StubResponse)? = nil
        ) {
            self.path = path
            self.query = query
            self.responses = responses
            self.makeResponse = makeResponse
        }
    }

    struct Storage {
        var rules: [Rule] = []
        var requests: [RecordedRequest] = []
        /// False for a stub that keeps no record (`HTTPStub(keepsRecord: false)`).
        var keepsRecord = true
        var defaultDelay: Duration = .zero
    }

    /// What the protocol should do for one request.
    struct Answer {
        var response: StubResponse
        var delay: Duration
        var recordIndex: Int
    }

    let storage = Locked(Storage())

    private static let registry = Locked([String: StubState]())

    static func register(_ state: StubState, host: String) {
        registry.withLock { $0[host.lowercased()] = state }
    }

    static func state(forHost host: String?) -> StubState? {
        guard let host else { return nil }
        return registry.withLock { $0[host.lowercased()] }
    }

    static func query(_ items: [String: String], contains wanted: [String: String]) -> Bool {
        wanted.allSatisfy { items[$0.key] == $0.value }
    }

    func addRule(_ rule: Rule) {
        storage.withLock { $0.rules.append(rule) }
    }

    /// Records the request and picks its response: the latest matching rule, else sample data.
    func begin(_ request: URLRequest, url: URL) -> Answer {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        var queryItems: [String: String] = [:]
        for item in components?.queryItems ?? [] {
            queryItems[item.name] = item.value ?? ""
        }
        let path = components?.path ?? url.path
        let record = RecordedRequest(
            url: url, path: path, queryItems: queryItems,
            headers: request.allHTTPHeaderFields ?? [:], startedAt: .now)

        let (picked, maker) = storage.withLock { storage in
            // Without a record, no index is valid, so `finish` has nothing to mark.
            var recordIndex = -1
            if storage.keepsRecord {
                storage.requests.append(record)
                recordIndex = storage.requests.count - 1
            }
            var response = StubResponse.sampleData()
            var maker: (@Sendable (RecordedRequest) -> StubResponse)?
            if let ruleIndex = storage.rules.lastIndex(where: { rule in
                rule.path == path && Self.query(queryItems, contains: rule.query)
            }) {
                let rule = storage.rules[ruleIndex]
                if let makeResponse = rule.makeResponse {
                    maker = makeResponse
                } else if !rule.responses.isEmpty {
                    response = rule.responses[min(rule.servedCount, rule.responses.count - 1)]
                }
                storage.rules[ruleIndex].servedCount += 1
            }
            var delay = response.delay
            if response.servesSampleData {
                delay += storage.defaultDelay
            }
            return (Answer(response: response, delay: delay, recordIndex: recordIndex), maker)
        }
        // Made outside the lock: a maker may take a while, and may ask the stub questions.
        guard let maker else { return picked }
        let response = maker(record)
        var delay = response.delay
        if response.servesSampleData {
            delay += storage.withLock { $0.defaultDelay }
        }
        return Answer(response: response, delay: delay, recordIndex: picked.recordIndex)
    }

    /// Marks the request answered (or cancelled); later calls keep the first instant.
    func finish(recordIndex: Int) {
        let now = ContinuousClock.now
        storage.withLock { storage in
            guard storage.requests.indices.contains(recordIndex),
                storage.requests[recordIndex].finishedAt == nil
            else { return }
            storage.requests[recordIndex].finishedAt = now
        }
    }
}
