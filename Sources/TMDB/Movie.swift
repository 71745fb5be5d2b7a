import MovieDomain

/// One row of a trending or search page, decoded with explicit `CodingKeys`.
///
/// TMDB's list items are user-edited data: dates may be `""`, images `null`, counts `0`,
/// `origin_country` missing. The decoder accepts those (TMDB.md, "Data quirks") and leaves
/// presentation decisions ("—", "no rating") to the screens.
public struct Movie: Decodable, Sendable, Hashable, Identifiable {
    public var id: Int
    public var title: String
    public var originalTitle: String
    public var originalLanguage: String
    public var overview: String
    public var posterPath: String?
    public var backdropPath: String?
    public var genreIDs: [Int]
    public var popularity: Double
    /// Raw `YYYY-MM-DD`; `""` when TMDB does not know it.
    public var releaseDate: String
    public var isAdult: Bool
    /// `0` together with `voteCount == 0` means "no rating", not a rating of zero.
    public var voteAverage: Double
    public var voteCount: Int
    /// `[]` when the key is missing, as it is in older responses.
    public var originCountry: [String]

    public init(
        id: Int, title: String, originalTitle: String? = nil, originalLanguage: String = "en",
        overview: String = "", posterPath: String? = nil, backdropPath: String? = nil,
        genreIDs: [Int] = [], popularity: Double = 0, releaseDate: String = "",
        isAdult: Bool = false, voteAverage: Double = 0, voteCount: Int = 0,
        originCountry: [String] = []
    ) {
        self.id = id
        self.title = title
        self.originalTitle = originalTitle ?? title
        self.originalLanguage = originalLanguage
        self.overview = overview
        self.posterPath = posterPath
        self.backdropPath = backdropPath
        self.genreIDs = genreIDs
        self.popularity = popularity
        self.releaseDate = releaseDate
        self.isAdult = isAdult
        self.voteAverage = voteAverage
        self.voteCount = voteCount
        self.originCountry = originCountry
    }

    /// The JSON names, spelled out: Swift names read as Swift, TMDB's stay snake_case.
    enum CodingKeys: String, CodingKey {
        case id
        case title
        case originalTitle = "original_title"
        case originalLanguage = "original_language"
        case overview
        case posterPath = "poster_path"
        case backdropPath = "backdrop_path"
        case genreIDs = "genre_ids"
        case popularity
        case releaseDate = "release_date"
        case isAdult = "adult"
        case voteAverage = "vote_average"
        case voteCount = "vote_count"
        case originCountry = "origin_country"
    }

    /// `id` and `title` are required; every field TMDB has been seen to leave empty, null or
    /// out gets a neutral value. A value of the wrong type still fails, with its coding path.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        title = try container.decode(String.self, forKey: .title)
        originalTitle = try container.decodeIfPresent(String.self, forKey: .originalTitle) ?? title
        originalLanguage =
            try container.decodeIfPresent(String.self, forKey: .originalLanguage) ?? ""
        overview = try container.decodeIfPresent(String.self, forKey: .overview) ?? ""
        posterPath = try container.decodeIfPresent(String.self, forKey: .posterPath)
        backdropPath = try container.decodeIfPresent(String.self, forKey: .backdropPath)
        genreIDs = try container.decodeIfPresent([Int].self, forKey: .genreIDs) ?? []
        popularity = try container.decodeIfPresent(Double.self, forKey: .popularity) ?? 0
        releaseDate = try container.decodeIfPresent(String.self, forKey: .releaseDate) ?? ""
        isAdult = try container.decodeIfPresent(Bool.self, forKey: .isAdult) ?? false
        voteAverage = try container.decodeIfPresent(Double.self, forKey: .voteAverage) ?? 0
        voteCount = try container.decodeIfPresent(Int.self, forKey: .voteCount) ?? 0
        originCountry = try container.decodeIfPresent([String].self, forKey: .originCountry) ?? []
    }
}

/// A trending or search row is what a `MovieList` lists: it keeps the paging rules, and
/// TMDB's shapes stay here.
extension Movie: ListedMovie {}
