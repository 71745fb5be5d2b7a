import Foundation

extension Sequence where Element == Video {
    /// D7: official YouTube Trailer, any YouTube Trailer, official Teaser, any Teaser; ties →
    /// newest `published_at` (undated last), then largest `size`. `nil` when none qualifies.
    public func preferredTrailer() -> Video? {
        let candidates = compactMap { video in video.trailerRank.map { (video, $0) } }
        return candidates.min { lhs, rhs in
            if lhs.1 != rhs.1 { return lhs.1 < rhs.1 }
            let lhsDate = lhs.0.publishedAt ?? .distantPast
            let rhsDate = rhs.0.publishedAt ?? .distantPast
            if lhsDate != rhsDate { return lhsDate > rhsDate }
            return lhs.0.size > rhs.0.size
        }?.0
    }
}

extension Video {
    /// 0 is the best kind of trailer (D7); `nil` for anything that is not a YouTube trailer
    /// or teaser with a link to open.
    var trailerRank: Int? {
        guard youTubeURL != nil else { return nil }
        switch type {
        case "Trailer": return isOfficial ? 0 : 1
        case "Teaser": return isOfficial ? 2 : 3
        default: return nil
        }
    }
}
