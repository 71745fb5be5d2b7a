/// TMDB's two trending time windows (`time_window`); the raw value is the path segment.
public enum TimeWindow: String, Sendable, CaseIterable, Hashable {
    case day
    case week
}
