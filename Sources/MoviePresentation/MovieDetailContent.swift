/// Everything the detail screen shows below its header, as ready-to-show strings. The header
/// names the movie, so the text does not name it again (D1).
///
/// Each step's own code decides what the strings say ("2h 19m", "★ 8.4 (12,345 votes)");
/// MovieUI decides where they go (`blocks`). A value with no UI in it, so that a view model
/// can hand it to its screen as it is.
public struct MovieDetailContent: Hashable, Sendable {
    /// Empty when the movie has none.
    public var tagline: String
    /// Short lines under the tagline: genres, runtime and release date, rating.
    public var facts: [String]
    public var overview: String
    /// "Name as Character", top-billed first.
    public var cast: [String]
    /// The trailer link, or empty when there is none.
    public var trailerLink: String

    public init(
        tagline: String, facts: [String], overview: String, cast: [String],
        trailerLink: String
    ) {
        self.tagline = tagline
        self.facts = facts
        self.overview = overview
        self.cast = cast
        self.trailerLink = trailerLink
    }
}
