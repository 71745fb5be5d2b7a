import Foundation
import TMDB

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The one protocol class behind every `HTTPStub`: finds the stub by the request's host.
final class StubURLProtocol: URLProtocol {
    private let delivery = ScheduledDelivery()
    private let recordIndex = Locked<(StubState, Int)?>(nil)

    override class func canInit(with request: URLRequest) -> Bool {
        StubState.state(forHost: request.url?.host) != nil
    }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        guard let url = request.url, let state = StubState.state(forHost: url.host) else {
            let loader = UncheckedSendable(self)
            delivery.schedule(after: .zero, serving: task) {
                loader.value.deliverFailure(.cannotFindHost)
            }
            return
        }
        // Recorded and remembered under one lock, so that a `stopLoading` racing this start
        // (a request cancelled as soon as it was seen) finds the record to finish.
        let answer = recordIndex.withLock { slot in
            let answer = state.begin(request, url: url)
            slot = (state, answer.recordIndex)
            return answer
        }
        let loader = UncheckedSendable(self)
        let response = answer.response
        var opening: (@Sendable () async -> Void)?
        if let gate = response.gate {
            opening = { await gate.wait() }
        }
        delivery.schedule(after: answer.delay, opening: opening, serving: task) {
            // Recorded before the client hears, so a caller that got its answer sees it finished.
            state.finish(recordIndex: answer.recordIndex)
            if let failure = response.failure {
                loader.value.deliverFailure(failure)
            } else if response.servesSampleData {
                let sample = SampleData.response(for: url)
                loader.value.deliverResponse(
                    statusCode: sample.statusCode,
                    headers: ["Content-Type": "application/json;charset=utf-8"],
                    body: sample.body)
            } else {
                loader.value.deliverResponse(
                    statusCode: response.statusCode, headers: response.headers,
                    body: response.body)
            }
        }
        // A cancel its `Transfer` asked for before this start stops the delivery at once, and
        // then no `stopLoading` may follow: the record is finished here instead.
        if delivery.isCancelled {
            state.finish(recordIndex: answer.recordIndex)
        }
    }

    /// A delivery that was cancelled, here or by the request's `Transfer` before it, finishes
    /// the request's record; one that was delivered has finished it already.
    override func stopLoading() {
        delivery.cancel()
        if let (state, index) = recordIndex.withLock({ $0 }) {
            state.finish(recordIndex: index)
        }
    }
}
