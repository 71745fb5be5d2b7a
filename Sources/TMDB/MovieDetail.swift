/// A genre as TMDB names it in the detail and in `/3/genre/movie/list`.
public struct Genre: Decodable, Sendable, Hashable {
    public var id: Int
    public var name: String

    public init(id: Int, name: String) {
        self.id = id
        self.name = name
    }

    enum CodingKeys: String, CodingKey {
        case id
        case name
    }
}

/// The answer of `/3/genre/movie/list`.
public struct GenreList: Decodable, Sendable, Equatable {
    public var genres: [Genre]

    enum CodingKeys: String, CodingKey {
        case genres
    }
}

/// One billed actor from the credits appended to a movie detail.
public struct CastMember: Decodable, Sendable, Hashable {
    public var id: Int
    public var name: String
    public var character: String
    /// Billing order: 0 is top-billed.
    public var order: Int

    public init(id: Int, name: String, character: String, order: Int) {
        self.id = id
        self.name = name
        self.character = character
        self.order = order
    }

    enum CodingKeys: String, CodingKey {
        case id
        case name
        case character
        case order
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        character = try container.decodeIfPresent(String.self, forKey: .character) ?? ""
        order = try container.decodeIfPresent(Int.self, forKey: .order) ?? Int.max
    }
}

/// `GET /3/movie/{id}?append_to_response=credits`: the detail screen's data in one request.
public struct MovieDetail: Decodable, Sendable, Equatable {
    public var id: Int
    public var title: String
    /// `""` when the movie has none.
    public var tagline: String
    public var overview: String
    public var genres: [Genre]
    /// Minutes; `nil` when TMDB says 0 or null (unknown).
    public var runtime: Int?
    /// Raw `YYYY-MM-DD`; `""` when unknown.
    public var releaseDate: String
    public var status: String
    public var voteAverage: Double
    public var voteCount: Int
    public var posterPath: String?
    /// From the appended `credits.cast`, sorted by billing `order`; `[]` when not appended.
    public var cast: [CastMember]

    public init(
        id: Int, title: String, tagline: String = "", overview: String = "",
        genres: [Genre] = [], runtime: Int? = nil, releaseDate: String = "",
        status: String = "Released", voteAverage: Double = 0, voteCount: Int = 0,
        posterPath: String? = nil, cast: [CastMember] = []
    ) {
        self.id = id
        self.title = title
        self.tagline = tagline
        self.overview = overview
        self.genres = genres
        self.runtime = runtime
        self.releaseDate = releaseDate
        self.status = status
        self.voteAverage = voteAverage
        self.voteCount = voteCount
        self.posterPath = posterPath
        self.cast = cast
    }

    enum CodingKeys: String, CodingKey {
        case id
        case title
        case tagline
        case overview
        case genres
        case runtime
        case releaseDate = "release_date"
        case status
        case voteAverage = "vote_average"
        case voteCount = "vote_count"
        case posterPath = "poster_path"
        case credits
    }

    /// The appended object; it has no `id` of its own, and `crew` is not used here.
    private struct Credits: Decodable {
        var cast: [CastMember]

        enum CodingKeys: String, CodingKey {
            case cast
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            cast = try container.decodeIfPresent([CastMember].self, forKey: .cast) ?? []
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        title = try container.decode(String.self, forKey: .title)
        tagline = try container.decodeIfPresent(String.self, forKey: .tagline) ?? ""
        overview = try container.decodeIfPresent(String.self, forKey: .overview) ?? ""
        genres = try container.decodeIfPresent([Genre].self, forKey: .genres) ?? []
        let minutes = try container.decodeIfPresent(Int.self, forKey: .runtime)
        runtime = minutes.flatMap { $0 > 0 ? $0 : nil }
        releaseDate = try container.decodeIfPresent(String.self, forKey: .releaseDate) ?? ""
        status = try container.decodeIfPresent(String.self, forKey: .status) ?? ""
        voteAverage = try container.decodeIfPresent(Double.self, forKey: .voteAverage) ?? 0
        voteCount = try container.decodeIfPresent(Int.self, forKey: .voteCount) ?? 0
        posterPath = try container.decodeIfPresent(String.self, forKey: .posterPath)
        let credits = try container.decodeIfPresent(Credits.self, forKey: .credits)
        cast = (credits?.cast ?? []).enumerated()
            .sorted { ($0.element.order, $0.offset) < ($1.element.order, $1.offset) }
            .map(\.element)
    }
}
