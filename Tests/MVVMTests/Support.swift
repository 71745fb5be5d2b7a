import Foundation
import Observation
import TMDB
import TMDBTestSupport

/// Small TMDB responses written for one scenario, in TMDB's exact shapes (as in the
/// acceptance suite's fixtures).
enum Fixtures {
    struct Movie {
        var id: Int
        var title: String
        var releaseDate = "2024-03-01"
        var voteAverage = 7.4
        var voteCount = 1_200
        var isAdult = false
    }

    /// Movies numbered from `range.lowerBound`, titled "Movie 1", "Movie 2", ….
    static func movies(_ range: ClosedRange<Int>, prefix: String = "Movie") -> [Movie] {
        range.map { Movie(id: $0, title: "\(prefix) \($0)") }
    }

    static func page(_ page: Int, of totalPages: Int, _ movies: [Movie], delay: Duration = .zero)
        -> StubResponse
    {
        let results = movies.map { movie in
            """
            {"adult":\(movie.isAdult),"backdrop_path":null,"id":\(movie.id),"title":\(quoted(movie.title)),\
            "original_title":\(quoted(movie.title)),"original_language":"en","overview":"",\
            "poster_path":null,"media_type":"movie","genre_ids":[18],"popularity":10.5,\
            "release_date":\(quoted(movie.releaseDate)),"video":false,"vote_average":\(movie.voteAverage),\
            "vote_count":\(movie.voteCount)}
            """
        }
        let body = """
            {"page":\(page),"results":[\(results.joined(separator: ","))],\
            "total_pages":\(totalPages),"total_results":\(totalPages * 20)}
            """
        return .json(body, delay: delay)
    }

    struct Detail {
        var id: Int
        var title: String
        var tagline = "A line under the title."
        var genres = ["Science Fiction", "Adventure"]
        var runtime: Int? = 139
        var releaseDate = "2024-02-27"
        var voteAverage = 8.4
        var voteCount = 12_345
        var overview = "A short overview written for this test."
        var cast: [(name: String, character: String)] = [
            ("Ada One", "Pilot"), ("Ben Two", "Navigator"), ("Cy Three", "Engineer"),
            ("Di Four", "Doctor"), ("Ed Five", "Cook"), ("Flo Six", "Stowaway"),
        ]
    }

    static func detail(_ detail: Detail, delay: Duration = .zero) -> StubResponse {
        let genres = detail.genres.enumerated().map { index, name in
            #"{"id":\#(index + 1),"name":\#(quoted(name))}"#
        }
        let cast = detail.cast.enumerated().map { index, member in
            """
            {"id":\(index + 100),"name":\(quoted(member.name)),"character":\(quoted(member.character)),\
            "order":\(index),"profile_path":null}
            """
        }
        let runtime = detail.runtime.map(String.init) ?? "null"
        let body = """
            {"adult":false,"id":\(detail.id),"title":\(quoted(detail.title)),\
            "original_title":\(quoted(detail.title)),"tagline":\(quoted(detail.tagline)),\
            "overview":\(quoted(detail.overview)),"genres":[\(genres.joined(separator: ","))],\
            "runtime":\(runtime),"release_date":\(quoted(detail.releaseDate)),"status":"Released",\
            "vote_average":\(detail.voteAverage),"vote_count":\(detail.voteCount),"poster_path":null,\
            "backdrop_path":null,"budget":0,"homepage":"","imdb_id":null,"original_language":"en",\
            "popularity":1.0,"revenue":0,"video":false,"belongs_to_collection":null,\
            "credits":{"cast":[\(cast.joined(separator: ","))],"crew":[]}}
            """
        return .json(body, delay: delay)
    }

    struct Video {
        var key: String
        var type = "Trailer"
        var site = "YouTube"
        var isOfficial = true
        var publishedAt = "2024-01-10T17:00:05.000Z"
    }

    static func videos(id: Int, _ videos: [Video], delay: Duration = .zero) -> StubResponse {
        let results = videos.enumerated().map { index, video in
            """
            {"iso_639_1":"en","iso_3166_1":"US","name":"Video \(index)","key":\(quoted(video.key)),\
            "site":\(quoted(video.site)),"size":1080,"type":\(quoted(video.type)),\
            "official":\(video.isOfficial),"published_at":\(quoted(video.publishedAt)),"id":"v\(index)"}
            """
        }
        return .json(#"{"id":\#(id),"results":[\#(results.joined(separator: ","))]}"#, delay: delay)
    }

    /// A JSON string literal for `text`.
    static func quoted(_ text: String) -> String {
        let data = (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}

extension RetryPolicy {
    /// E6 without waiting: the retries happen, the sleeps do not.
    static let immediate = RetryPolicy(
        maximumRetries: 2, backoff: .zero, maximumRetryAfter: .zero, sleep: { _ in })
}

extension HTTPStub {
    /// Points the step's one shared client at this stub. Only in suites marked
    /// `.sharingTMDBClient`, so no other test sees the swap.
    @MainActor
    func installAsSharedClient() {
        TMDBClient.shared = TMDBClient(
            configuration: configuration(), session: session, retryPolicy: .immediate)
    }

    /// The trending page requests for one window and page.
    func pageRequests(_ window: TrendingWindow = .week, page: Int) -> [RecordedRequest] {
        requests(path: "/3/trending/movie/\(window.rawValue)", query: ["page": "\(page)"])
    }

    /// Whether every request received so far has been answered.
    var isIdle: Bool { inFlightCount == 0 }
}

/// Waits until `condition` holds, waking only when something it read from an `@Observable`
/// object changes (Observation), or until `timeout` passes; returns whether it held.
@MainActor
func waitUntil(
    timeout: Duration = .seconds(5), _ condition: @MainActor () -> Bool
) async -> Bool {
    let deadline = ContinuousClock.now.advanced(by: timeout)
    while true {
        let (changes, continuation) = AsyncStream.makeStream(of: Void.self)
        let holds = withObservationTracking {
            condition()
        } onChange: {
            continuation.yield()
        }
        if holds { return true }
        guard ContinuousClock.now < deadline else { return false }
        let timer = Task {
            try? await Task.sleep(until: deadline)
            continuation.yield()
        }
        var iterator = changes.makeAsyncIterator()
        _ = await iterator.next()
        timer.cancel()
        continuation.finish()
    }
}

/// Whether `condition` stays true while nothing it reads changes for `period`: the check that
/// a late answer never shows (E1).
@MainActor
func staysTrue(for period: Duration, _ condition: @MainActor () -> Bool) async -> Bool {
    let didBreak = await waitUntil(timeout: period) { !condition() }
    return !didBreak
}

/// The folder of one step's sources, found from this file so the test runs from anywhere.
func sourceFolder(_ name: String, from filePath: String = #filePath) -> URL {
    URL(filePath: filePath)
        .deletingLastPathComponent()  // MVVMTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .appending(path: "Sources").appending(path: name)
}
