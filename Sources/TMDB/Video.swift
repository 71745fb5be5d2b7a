import Foundation

/// One entry of `/3/movie/{id}/videos`: a trailer, teaser, clip… hosted on YouTube or Vimeo.
public struct Video: Decodable, Sendable, Hashable {
    public var id: String
    /// The site's own id, e.g. the `v=` of a YouTube link.
    public var key: String
    public var name: String
    /// "YouTube" for almost every video.
    public var site: String
    /// Trailer, Teaser, Clip, Featurette, Behind the Scenes, Bloopers, Opening Credits.
    public var type: String
    public var isOfficial: Bool
    /// `nil` when missing or not a date TMDB is known to write.
    public var publishedAt: Date?
    /// Vertical resolution (360, 720, 1080, 2160).
    public var size: Int

    public init(
        id: String, key: String, name: String = "", site: String = "YouTube",
        type: String = "Trailer", isOfficial: Bool = true, publishedAt: Date? = nil,
        size: Int = 1080
    ) {
        self.id = id
        self.key = key
        self.name = name
        self.site = site
        self.type = type
        self.isOfficial = isOfficial
        self.publishedAt = publishedAt
        self.size = size
    }

    enum CodingKeys: String, CodingKey {
        case id
        case key
        case name
        case site
        case type
        case isOfficial = "official"
        case publishedAt = "published_at"
        case size
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        key = try container.decode(String.self, forKey: .key)
        name = try container.decodeIfPresent(String.self, forKey: .name) ?? ""
        site = try container.decodeIfPresent(String.self, forKey: .site) ?? ""
        type = try container.decodeIfPresent(String.self, forKey: .type) ?? ""
        isOfficial = try container.decodeIfPresent(Bool.self, forKey: .isOfficial) ?? false
        let published = try container.decodeIfPresent(String.self, forKey: .publishedAt)
        publishedAt = published.flatMap(Self.parseDate)
        size = try container.decodeIfPresent(Int.self, forKey: .size) ?? 0
    }

    /// TMDB writes `2016-03-05T02:03:14.000Z`; the fraction is optional to be safe.
    static func parseDate(_ text: String) -> Date? {
        if let date = try? Date(text, strategy: Self.fractionalDateStyle) {
            return date
        }
        return try? Date(text, strategy: Date.ISO8601FormatStyle())
    }

    private static let fractionalDateStyle = Date.ISO8601FormatStyle(
        includingFractionalSeconds: true)

    /// `https://www.youtube.com/watch?v=KEY` for a YouTube video, otherwise `nil`.
    ///
    /// A key with a character no YouTube ID has (one outside `A–Z a–z 0–9 - _`) is a search
    /// instead: `https://www.youtube.com/results?search_query=KEY`. The bundled sample data's
    /// videos are made up, so their keys are the film's title and year ("Dune: Part Two 2024"),
    /// and their links search for the film instead of pretending to be a video that does not
    /// exist.
    public var youTubeURL: URL? {
        guard site == "YouTube", !key.isEmpty else { return nil }
        var components = URLComponents()
        components.scheme = "https"
        components.host = "www.youtube.com"
        if key.utf8.allSatisfy(Self.isVideoIDByte) {
            components.path = "/watch"
            components.queryItems = [URLQueryItem(name: "v", value: key)]
        } else {
            // Spaces as "+", as YouTube's own search writes them: the address stays short
            // enough for one line of a terminal (D1).
            var allowed = CharacterSet.urlQueryAllowed
            allowed.remove(charactersIn: "&+=#")
            let words = key.split(separator: " ").compactMap { word in
                String(word).addingPercentEncoding(withAllowedCharacters: allowed)
            }
            components.path = "/results"
            components.percentEncodedQuery = "search_query=" + words.joined(separator: "+")
        }
        return components.url
    }

    /// The bytes of a YouTube video ID: base64url's alphabet.
    private static func isVideoIDByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default: false
        }
    }
}

/// The answer of `/3/movie/{id}/videos`.
public struct VideoList: Decodable, Sendable {
    public var results: [Video]

    public init(results: [Video]) {
        self.results = results
    }

    enum CodingKeys: String, CodingKey {
        case results
    }
}
