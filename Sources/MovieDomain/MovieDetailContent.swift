/// Everything the detail screen shows, as ready-to-show strings.
///
/// Each step's own code decides what the strings say ("2h 19m", "★ 8.4 (12,345 votes)");
/// MovieUI decides where they go (`blocks`). A value with no UI in it, so that a view model
/// can hand it to its screen as it is.
public struct MovieDetailContent: Hashable, Sendable {
    /// "Dune: Part Two (2024)"
    public var heading: String
    /// Empty when the movie has none.
    public var tagline: String
    /// Short lines under the heading: genres, runtime and release date, rating.
    public var facts: [String]
    public var overview: String
    /// "Name as Character", top-billed first.
    public var cast: [String]
    /// The trailer link, or empty when there is none.
    public var trailerLink: String

    public init(
        heading: String, tagline: String, facts: [String], overview: String, cast: [String],
        trailerLink: String
    ) {
        self.heading = heading
        self.tagline = tagline
        self.facts = facts
        self.overview = overview
        self.cast = cast
        self.trailerLink = trailerLink
    }
}
