import TMDB

extension HTTPStub {
    /// The trending page requests for one window and page, the list's most asked question.
    public func pageRequests(_ timeWindow: TimeWindow = .week, page: Int) -> [RecordedRequest] {
        requests(path: "/3/trending/movie/\(timeWindow.rawValue)", query: ["page": "\(page)"])
    }

    /// Whether every request received so far has been answered, for a test to wait on.
    public var isIdle: Bool { inFlightCount == 0 }
}
