import Foundation
import TMDB

/// Small TMDB responses written for one scenario, in TMDB's exact shapes: one copy for the
/// acceptance suite and every step's tests.
public enum Fixtures {
    /// One movie of a trending page, with ordinary defaults a test overrides.
    public struct Movie: Sendable {
        public var id: Int
        public var title: String
        public var releaseDate: String
        public var voteAverage: Double
        public var voteCount: Int
        public var isAdult: Bool
        public var posterPath: String?

        public init(
            id: Int, title: String, releaseDate: String = "2024-03-01", voteAverage: Double = 7.4,
            voteCount: Int = 1_200, isAdult: Bool = false, posterPath: String? = nil
        ) {
            self.id = id
            self.title = title
            self.releaseDate = releaseDate
            self.voteAverage = voteAverage
            self.voteCount = voteCount
            self.isAdult = isAdult
            self.posterPath = posterPath
        }
    }

    /// Movies numbered from `range.lowerBound`, titled "Movie 1", "Movie 2", ….
    public static func movies(_ range: ClosedRange<Int>, prefix: String = "Movie") -> [Movie] {
        range.map { Movie(id: $0, title: "\(prefix) \($0)") }
    }

    /// A trending page holding `movies`, one of `totalPages`.
    public static func page(
        _ page: Int, of totalPages: Int, _ movies: [Movie], delay: Duration = .zero
    ) -> StubResponse {
        let results = movies.map { movie in
            """
            {"adult":\(movie.isAdult),"backdrop_path":null,"id":\(movie.id),"title":\(quoted(movie.title)),\
            "original_title":\(quoted(movie.title)),"original_language":"en","overview":"",\
            "poster_path":\(movie.posterPath.map(quoted) ?? "null"),"media_type":"movie","genre_ids":[18],"popularity":10.5,\
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

    /// One movie's details with its credits, with ordinary defaults a test overrides.
    public struct Detail: Sendable {
        public var id: Int
        public var title: String
        public var tagline: String
        public var genres: [String]
        public var runtime: Int?
        public var releaseDate: String
        public var voteAverage: Double
        public var voteCount: Int
        public var overview: String
        public var cast: [(name: String, character: String)]
        /// The poster's path ("/abc.jpg"), or nil for a movie without one.
        public var posterPath: String?

        public init(
            id: Int, title: String, tagline: String = "A line under the title.",
            genres: [String] = ["Science Fiction", "Adventure"], runtime: Int? = 139,
            releaseDate: String = "2024-02-27", voteAverage: Double = 8.4,
            voteCount: Int = 12_345, overview: String = "A short overview written for this test.",
            cast: [(name: String, character: String)] = [
                ("Ada One", "Pilot"), ("Ben Two", "Navigator"), ("Cy Three", "Engineer"),
                ("Di Four", "Doctor"), ("Ed Five", "Cook"), ("Flo Six", "Stowaway"),
            ],
            posterPath: String? = nil
        ) {
            self.id = id
            self.title = title
            self.tagline = tagline
            self.genres = genres
            self.runtime = runtime
            self.releaseDate = releaseDate
            self.voteAverage = voteAverage
            self.voteCount = voteCount
            self.overview = overview
            self.cast = cast
            self.posterPath = posterPath
        }
    }

    /// The details response (`append_to_response=credits`) for `detail`.
    public static func detail(_ detail: Detail, delay: Duration = .zero) -> StubResponse {
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
            "vote_average":\(detail.voteAverage),"vote_count":\(detail.voteCount),"poster_path":\(detail.posterPath.map(quoted) ?? "null"),\
            "backdrop_path":null,"budget":0,"homepage":"","imdb_id":null,"original_language":"en",\
            "popularity":1.0,"revenue":0,"video":false,"belongs_to_collection":null,\
            "credits":{"cast":[\(cast.joined(separator: ","))],"crew":[]}}
            """
        return .json(body, delay: delay)
    }

    /// One video of a movie, an official YouTube trailer unless a test says otherwise.
    public struct Video: Sendable {
        public var key: String
        public var type: String
        public var site: String
        public var isOfficial: Bool
        public var publishedAt: String

        public init(
            key: String, type: String = "Trailer", site: String = "YouTube",
            isOfficial: Bool = true, publishedAt: String = "2024-01-10T17:00:05.000Z"
        ) {
            self.key = key
            self.type = type
            self.site = site
            self.isOfficial = isOfficial
            self.publishedAt = publishedAt
        }
    }

    /// The videos response of movie `id`.
    public static func videos(id: Int, _ videos: [Video], delay: Duration = .zero)
        -> StubResponse
    {
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
    public static func quoted(_ text: String) -> String {
        let data = (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// One of the bundled sample posters (1…6) as an image host answers it: a small JPEG.
    public static func poster(_ number: Int, delay: Duration = .zero) -> StubResponse {
        let file = SampleData.directoryURL?.appendingPathComponent("posters/poster-\(number).jpg")
        guard let file, let body = try? Data(contentsOf: file) else {
            preconditionFailure("The sample posters are bundled with the TMDB module.")
        }
        return StubResponse(headers: ["Content-Type": "image/jpeg"], body: body, delay: delay)
    }

    /// Bytes that say they are a JPEG and are not one: a poster the decoder must refuse.
    public static func corruptPoster() -> StubResponse {
        StubResponse(
            headers: ["Content-Type": "image/jpeg"], body: Data([0xFF, 0xD8, 0xFF, 0xDB, 0, 1, 2]))
    }
}
