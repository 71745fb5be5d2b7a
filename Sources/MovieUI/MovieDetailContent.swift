import TerminalUI

/// Everything the detail screen shows, as ready-to-show strings.
///
/// Each step's own code decides what the strings say ("2h 19m", "★ 8.4 (12,345 votes)");
/// this type only decides where they go.
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

    /// The text view's blocks, in reading order.
    public var blocks: [TextView.Block] {
        var blocks: [TextView.Block] = [TextView.Block(heading, style: .bold)]
        if !tagline.isEmpty {
            blocks.append(TextView.Block(tagline, style: .dim))
        }
        blocks.append(.blankLine)
        blocks += facts.map { TextView.Block($0) }
        blocks.append(.blankLine)
        blocks.append(TextView.Block(overview))
        if !cast.isEmpty {
            blocks.append(.blankLine)
            blocks.append(TextView.Block("Cast", style: .bold))
            // D1: an entry too long for its line goes on under itself, not under the names.
            blocks += cast.map { TextView.Block($0, indent: 2, hangingIndent: 2) }
        }
        if !trailerLink.isEmpty {
            blocks.append(.blankLine)
            // D1: the address stays whole (cut with "…" where it does not fit) and, on a
            // terminal, links to all of it.
            blocks.append(TextView.Block("Trailer: \(trailerLink)", link: trailerLink))
        }
        return blocks
    }
}
