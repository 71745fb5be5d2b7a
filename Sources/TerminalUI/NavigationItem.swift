/// What the header row says about the top screen.
public struct NavigationItem: Sendable, Hashable {
    /// Header, bold, left: "Trending movies".
    public var title: String
    /// After the title: "this week · sample data".
    public var subtitle: String
    /// Right-aligned: "12 / 60".
    public var trailing: String

    public init(title: String = "", subtitle: String = "", trailing: String = "") {
        self.title = title
        self.subtitle = subtitle
        self.trailing = trailing
    }
}

/// The bottom line of the screen.
public enum StatusLine: Sendable, Hashable {
    /// Dim, e.g. "↑↓ move · enter open · t window · ? help · q quit".
    case hint(String)
    /// "Loading more…" — marks canvas.showsActivity.
    case activity(String)
    /// "Couldn't load page 3: … — r to retry".
    case error(String)
    /// "End of list · 58 movies".
    case note(String)
}
