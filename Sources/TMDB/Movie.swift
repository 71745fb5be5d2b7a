import MovieDomain

/// One row of a trending or search page: what a list shows of a movie, and no more, decoded
/// with explicit `CodingKeys`. A list holds every movie it has loaded, 10,000 of them after
/// a long scroll, so the fields no row shows (the overview, the backdrop, the genres) are left
/// undecoded; the detail screen fetches its own (`MovieDetail`). The poster's path stays: the
/// list's preview pane shows it (P2). It costs about 100 bytes a movie: TMDB's 32 characters
/// are too many to live inside the `String`, which keeps them in an allocation of their own.
///
/// TMDB's list items are user-edited data: dates may be `""`, images `null`, counts `0`,
/// `origin_country` missing. The decoder accepts those (TMDB.md, "Data quirks") and leaves
/// presentation decisions ("—", "no rating") to the screens.
public struct Movie: Decodable, Sendable, Hashable, Identifiable {
    public var id: Int
    public var title: String
    /// The title in the movie's own language; the same string as `title` when they match.
    public var originalTitle: String
    /// Raw `YYYY-MM-DD`; `""` when TMDB does not know it.
    public var releaseDate: String
    public var isAdult: Bool
    /// `0` together with `voteCount == 0` means "no rating", not a rating of zero.
    public var voteAverage: Double
    public var voteCount: Int
    /// TMDB's `poster_path` ("/abc.jpg"); nil when the movie has none.
    public var posterPath: String?

    public init(
        id: Int, title: String, originalTitle: String? = nil, releaseDate: String = "",
        isAdult: Bool = false, voteAverage: Double = 0, voteCount: Int = 0,
        posterPath: String? = nil
    ) {
        self.id = id
        self.title = title
        self.originalTitle = originalTitle ?? title
        self.releaseDate = releaseDate
        self.isAdult = isAdult
        self.voteAverage = voteAverage
        self.voteCount = voteCount
        self.posterPath = posterPath
    }

    /// The JSON names, spelled out: Swift names read as Swift, TMDB's stay snake_case.
    enum CodingKeys: String, CodingKey {
        case id
        case title
        case originalTitle = "original_title"
        case releaseDate = "release_date"
        case isAdult = "adult"
        case voteAverage = "vote_average"
        case voteCount = "vote_count"
        case posterPath = "poster_path"
    }

    /// `id` and `title` are required; every field TMDB has been seen to leave empty, null or
    /// out gets a neutral value. A value of the wrong type still fails, with its coding path.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        let title = try container.decode(String.self, forKey: .title)
        self.title = title
        let originalTitle = try container.decodeIfPresent(String.self, forKey: .originalTitle)
        // Most movies' two titles match: keep one string, not two equal copies.
        self.originalTitle = originalTitle.flatMap { $0 == title ? nil : $0 } ?? title
        releaseDate = try container.decodeIfPresent(String.self, forKey: .releaseDate) ?? ""
        isAdult = try container.decodeIfPresent(Bool.self, forKey: .isAdult) ?? false
        voteAverage = try container.decodeIfPresent(Double.self, forKey: .voteAverage) ?? 0
        voteCount = try container.decodeIfPresent(Int.self, forKey: .voteCount) ?? 0
        posterPath = try container.decodeIfPresent(String.self, forKey: .posterPath)
    }
}

/// A trending or search row is what a `MovieList` lists: it keeps the paging rules, and
/// TMDB's shapes stay here.
extension Movie: ListedMovie {}
