import MoviePresentation
import TerminalUI

/// Where the detail's strings go: the text view's blocks, in reading order.
extension MovieDetailContent {
    public var blocks: [TextView.Block] {
        // D1: the header names the movie; the text starts with what the header cannot say.
        var blocks: [TextView.Block] = []
        if !tagline.isEmpty {
            blocks += [TextView.Block(tagline, style: .dim), .blankLine]
        }
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
