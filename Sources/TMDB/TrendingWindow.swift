/// TMDB's two trending windows; the raw value is the path segment.
public enum TrendingWindow: String, Sendable, CaseIterable, Hashable {
    case day
    case week
}
