/// Told of every change to what the user searches for, like UISearchResultsUpdating.
@MainActor public protocol SearchResultsUpdating: AnyObject {
    /// The search bar's text changed, or the search began or ended.
    func updateSearchResults(for searchController: SearchController)
}

/// A search bar over a screen, with a controller that shows the results, like
/// UISearchController. A screen offers it through `navigationItem.searchController`; the
/// navigation controller then opens it on `/`.
///
/// While it is active the search bar sits on the screen's first line. With text in it, the
/// results controller's view, header and status line take the screen's place; with none,
/// the screen shows as it was. ↓ or Enter in the bar moves the focus to the results, `/` or
/// ↑ on the first result moves it back, and Esc (or a back key from the results) closes it,
/// clearing the text, so the screen behind shows as it was left.
@MainActor public final class SearchController {
    /// Shows the results; it appears when the search begins and disappears when it ends.
    public let searchResultsController: ViewController?
    public weak var searchResultsUpdater: (any SearchResultsUpdating)?
    /// The field the user types into (UIKit: `searchBar`, a UISearchBar).
    public let searchBar = TextField(prompt: "Search: ", placeholder: "a title")
    public private(set) var isActive = false
    /// The screen that offers this search; set by its navigation item.
    weak var searchingViewController: ViewController?

    public init(searchResultsController: ViewController?) {
        self.searchResultsController = searchResultsController
        searchResultsController?.owningSearchController = self
        searchBar.addAction(for: .editingChanged) { [weak self] _ in
            guard let self else { return }
            searchResultsUpdater?.updateSearchResults(for: self)
        }
    }

    /// True while the results, not the screen behind, fill the screen.
    var isShowingResults: Bool {
        isActive && searchResultsController != nil
            && searchBar.text.contains { !$0.isWhitespace }
    }

    /// The controller whose view, header and status line the screen shows now.
    var contentViewController: ViewController? {
        isShowingResults ? searchResultsController : searchingViewController
    }

    /// Begins the search: the results controller appears and the bar takes the keys.
    func activate(in navigationController: NavigationController) {
        guard !isActive, let searchingViewController else { return }
        isActive = true
        searchBar.owningViewController = searchingViewController
        if let results = searchResultsController {
            results.navigationController = navigationController
            results.beginAppearance()
            results.endAppearance()
        }
        searchBar.becomeFirstResponder()
        searchResultsUpdater?.updateSearchResults(for: self)
        searchBar.setNeedsDisplay()
    }

    /// Ends the search: the text is cleared and the screen behind shows as it was.
    func deactivate() {
        guard isActive else { return }
        searchBar.setNeedsDisplay()
        searchBar.resignFirstResponder()
        searchBar.text = ""
        isActive = false
        if let results = searchResultsController {
            results.beginDisappearance()
            results.endDisappearance()
        }
        searchResultsUpdater?.updateSearchResults(for: self)
    }

    /// Keys the bar did not take while the search is active.
    func handle(_ key: Key) -> Bool {
        if key == .escape {
            deactivate()
            return true
        }
        if searchBar.isFirstResponder {
            switch key {
            case .down, .enter:
                searchBar.resignFirstResponder()
                searchBar.setNeedsDisplay()
                return true
            default:
                return false
            }
        }
        if key == .character("/") {
            searchBar.becomeFirstResponder()
            return true
        }
        if contentViewController?.handle(key) == true {
            return true
        }
        switch key {
        case .character("b"), .character("h"), .backspace, .left:
            deactivate()
            return true
        case .up:
            // S1: the results did not take ↑, so the focus was on their first row (or they
            // have none): it goes up, to the bar.
            searchBar.becomeFirstResponder()
            return true
        default:
            return false
        }
    }

    /// The hint while the bar has the keys.
    static let editingHint = StatusLine.hint("type to search · ↓ results · esc close")
}
