import Foundation
import TMDB
import TMDBTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A credential value that must never show up in any text (L8).
let sentinelSecret = "SENTINEL-SECRET-123"

/// A `RetryPolicy` whose sleeps are recorded instead of waited (E6: no real waiting in tests).
final class SleepRecorder: Sendable {
    private let recorded = Locked<[Duration]>([])

    var durations: [Duration] { recorded.withLock { $0 } }

    func policy(maximumRetries: Int = 2) -> RetryPolicy {
        RetryPolicy(
            maximumRetries: maximumRetries, backoff: .milliseconds(500),
            maximumRetryAfter: .seconds(30)
        ) { [recorded] duration in
            recorded.withLock { $0.append(duration) }
        }
    }
}

/// Runs `body` and returns the `TMDBError` it threw, or `nil` if it succeeded.
func tmdbError<Value>(_ body: () async throws(TMDBError) -> Value) async -> TMDBError? {
    do {
        _ = try await body()
        return nil
    } catch {
        return error
    }
}

/// Small JSON documents written for these tests, each showing TMDB quirks (TMDB.md).
enum Fixture {
    /// A trending page: one ordinary movie, one with every quirk, one adult title.
    static let trendingPage = """
        {
          "page": 1,
          "results": [
            {
              "adult": false, "backdrop_path": "/b.jpg", "id": 550, "title": "Fight Club",
              "original_title": "Fight Club", "original_language": "en",
              "overview": "A ticking-time-bomb insomniac…", "poster_path": "/p.jpg",
              "media_type": "movie", "genre_ids": [18, 53], "popularity": 61.4,
              "release_date": "1999-10-15", "video": false, "vote_average": 8.4,
              "vote_count": 29000, "origin_country": ["US"]
            },
            {
              "adult": false, "backdrop_path": null, "id": 1, "title": "기생충 미공개",
              "original_title": "미공개", "original_language": "ko", "overview": "",
              "poster_path": null, "media_type": "movie", "genre_ids": [],
              "popularity": 0.6, "release_date": "", "video": false,
              "vote_average": 0, "vote_count": 0
            },
            {
              "adult": true, "backdrop_path": null, "id": 2, "title": "Adult",
              "original_title": "Adult", "original_language": "en", "overview": "x",
              "poster_path": null, "genre_ids": [], "popularity": 1, "release_date": "2020-01-01",
              "video": false, "vote_average": 5.5, "vote_count": 3, "origin_country": []
            }
          ],
          "total_pages": 1000,
          "total_results": 20000
        }
        """

    /// A detail with credits appended out of billing order, runtime 0, empty tagline.
    static let detail = """
        {
          "adult": false, "backdrop_path": null, "belongs_to_collection": null, "budget": 0,
          "genres": [{"id": 18, "name": "Drama"}], "homepage": "", "id": 550, "imdb_id": null,
          "origin_country": ["US"], "original_language": "en", "original_title": "Fight Club",
          "overview": "An insomniac…", "popularity": 61.4, "poster_path": "/p.jpg",
          "production_companies": [{"id": 1, "logo_path": null, "name": "Fox", "origin_country": ""}],
          "production_countries": [], "release_date": "1999-10-15", "revenue": 100853753000,
          "runtime": 0, "spoken_languages": [], "status": "Released", "tagline": "",
          "title": "Fight Club", "video": false, "vote_average": 8.4, "vote_count": 29000,
          "credits": {
            "cast": [
              {"id": 2, "name": "Brad Pitt", "character": "Tyler Durden", "order": 1, "profile_path": null},
              {"id": 1, "name": "Edward Norton", "character": "The Narrator", "order": 0, "profile_path": null},
              {"id": 3, "name": "Helena Bonham Carter", "character": "Marla Singer", "order": 2}
            ],
            "crew": [{"id": 9, "name": "David Fincher", "department": "Directing", "job": "Director"}]
          }
        }
        """

    static let videos = """
        {
          "id": 550,
          "results": [
            {"iso_639_1": "en", "iso_3166_1": "US", "name": "Teaser", "key": "tease", "site": "YouTube",
             "size": 1080, "type": "Teaser", "official": true,
             "published_at": "2015-02-26T03:19:25.000Z", "id": "v1"},
            {"iso_639_1": "en", "iso_3166_1": "US", "name": "Official Trailer", "key": "SUXWAEX2jlg",
             "site": "YouTube", "size": 720, "type": "Trailer", "official": true,
             "published_at": "2014-05-20T12:00:00.000Z", "id": "v2"}
          ]
        }
        """
}
