import TMDB

extension HTTPStub {
    /// The trending page requests for one window and page, the list's most asked question.
    public func pageRequests(_ window: TrendingWindow = .week, page: Int) -> [RecordedRequest] {
        requests(path: "/3/trending/movie/\(window.rawValue)", query: ["page": "\(page)"])
    }

    /// Whether every request received so far has been answered, for a test to wait on.
    public var isIdle: Bool { inFlightCount == 0 }
}
