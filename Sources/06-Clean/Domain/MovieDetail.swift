/// Everything the app knows of one movie: its facts, its cast and, when there is one, its
/// trailer.
public struct MovieDetail: Equatable, Sendable {
    /// One member of the cast and the part they play.
    public struct CastMember: Equatable, Sendable {
        public let name: String
        public let character: String

        public init(name: String, character: String) {
            self.name = name
            self.character = character
        }
    }

    public let id: Int
    public let title: String
    /// Empty when the movie has none.
    public let tagline: String
    public let overview: String
    public let genres: [String]
    /// Minutes, when known.
    public let runtime: Int?
    /// `YYYY-MM-DD`, or `""` when nobody knows it.
    public let releaseDate: String
    public let voteAverage: Double
    public let voteCount: Int
    /// Top-billed first.
    public let cast: [CastMember]
    /// Names the poster for `FetchPosterUseCase`; nil when the movie has none.
    public let posterPath: String?
    /// The trailer to link to; `FetchMovieDetailUseCase` finds it.
    public var trailer: Trailer?

    public init(
        id: Int, title: String, tagline: String = "", overview: String = "",
        genres: [String] = [], runtime: Int? = nil, releaseDate: String = "",
        voteAverage: Double = 0, voteCount: Int = 0, cast: [CastMember] = [],
        posterPath: String? = nil, trailer: Trailer? = nil
    ) {
        self.id = id
        self.title = title
        self.tagline = tagline
        self.overview = overview
        self.genres = genres
        self.runtime = runtime
        self.releaseDate = releaseDate
        self.voteAverage = voteAverage
        self.voteCount = voteCount
        self.cast = cast
        self.posterPath = posterPath
        self.trailer = trailer
    }
}

/// A movie's trailer: where to watch it.
public struct Trailer: Equatable, Sendable {
    public let name: String
    /// A page a browser opens, e.g. `https://www.youtube.com/watch?v=…`.
    public let link: String

    public init(name: String, link: String) {
        self.name = name
        self.link = link
    }
}
