/// What the header row says about a screen, like UINavigationItem: each controller owns one
/// and mutates it in place (`navigationItem.title = "Trending movies"`); a change redraws.
@MainActor public final class NavigationItem {
    /// Header, bold, left: "Trending movies".
    public var title = "" {
        didSet { changed(title != oldValue) }
    }
    /// After the title, dim: "this week · sample data" (UIKit: `subtitle`, iOS 26).
    public var subtitle = "" {
        didSet { changed(subtitle != oldValue) }
    }
    /// Right-aligned: "12 / 60". UIKit's nearest is a plain-text `rightBarButtonItem`.
    public var trailing = "" {
        didSet { changed(trailing != oldValue) }
    }
    /// The search the screen offers: `/` opens it (UIKit: `searchController`).
    public var searchController: SearchController? {
        didSet { searchController?.searchingViewController = owningViewController }
    }
    /// The controller whose header this is; weak, the controller owns its item.
    weak var owningViewController: ViewController?

    public init(title: String = "", subtitle: String = "", trailing: String = "") {
        self.title = title
        self.subtitle = subtitle
        self.trailing = trailing
    }

    private func changed(_ isChange: Bool) {
        if isChange { owningViewController?.view.setNeedsDisplay() }
    }
}

/// The bottom line of the screen.
public enum StatusLine: Sendable, Hashable {
    /// Dim, e.g. "↑↓ move · enter open · / search · ? help · q quit".
    case hint(String)
    /// "Loading more…" — marks canvas.showsActivity.
    case activity(String)
    /// "Couldn't load page 3: … — r to retry".
    case error(String)
    /// "End of list · 58 movies".
    case note(String)

    var isActivity: Bool {
        if case .activity = self { true } else { false }
    }
}
