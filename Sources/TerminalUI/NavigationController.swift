/// What a navigation controller tells its owner, like UINavigationControllerDelegate: the
/// way a coordinator learns that the user went back.
@MainActor public protocol NavigationControllerDelegate: AnyObject {
    /// A controller is about to become the top, after its `viewWillAppear`.
    func navigationController(
        _ navigationController: NavigationController, willShow viewController: ViewController,
        animated: Bool)
    /// A controller has become the top, after its `viewDidAppear`: a pop has finished, and
    /// the popped controller is no longer in `viewControllers`.
    func navigationController(
        _ navigationController: NavigationController, didShow viewController: ViewController,
        animated: Bool)
}

extension NavigationControllerDelegate {
    public func navigationController(
        _ navigationController: NavigationController, willShow viewController: ViewController,
        animated: Bool
    ) {}
    public func navigationController(
        _ navigationController: NavigationController, didShow viewController: ViewController,
        animated: Bool
    ) {}
}

/// Push/pop like UINavigationController. Draws header (row 0), the top controller's view
/// (rows 1 ..< height-1) and the status line (last row).
///
/// It owns going back, as UIKit's back button and swipe do: b, h, Esc, Backspace and ← pop when
/// more than one controller is on the stack and the top one did not handle the key.
/// The terminal has no animation, so `animated` only keeps UIKit's signatures.
public final class NavigationController: ViewController {
    public private(set) var viewControllers: [ViewController]
    public weak var delegate: (any NavigationControllerDelegate)?
    /// Lifecycle calls start once the navigation controller itself is on screen.
    private var isAppearing = false
    /// The last status line drawn and what it was cut to, for `fitting`.
    private var fittedStatusLine: (statusLine: StatusLine, width: Int, text: String)?

    public init(rootViewController: ViewController) {
        viewControllers = [rootViewController]
        super.init()
        rootViewController.navigationController = self
    }

    public var topViewController: ViewController? { viewControllers.last }

    public func pushViewController(_ viewController: ViewController, animated: Bool) {
        let previous = topViewController
        viewController.navigationController = self
        viewControllers.append(viewController)
        transition(from: previous, to: viewController, animated: animated)
    }

    @discardableResult public func popViewController(animated: Bool) -> ViewController? {
        guard viewControllers.count > 1, let popped = viewControllers.popLast() else { return nil }
        transition(from: popped, to: topViewController, animated: animated)
        popped.navigationController = nil
        return popped
    }

    public override func handle(_ key: Key) -> Bool {
        guard let top = topViewController else { return false }
        if let search = activeSearch {
            return search.handle(key)
        }
        if top.handle(key) { return true }
        switch key {
        case .character("b"), .character("h"), .escape, .backspace, .left:
            return popViewController(animated: true) != nil
        case .character("/"):
            guard let search = top.navigationItem.searchController else { return false }
            search.activate(in: self)
            return true
        default:
            return false
        }
    }

    /// The top screen's search, while it is open.
    private var activeSearch: SearchController? {
        guard let search = topViewController?.navigationItem.searchController, search.isActive
        else { return nil }
        return search
    }

    override var childrenOnScreen: [ViewController] {
        guard let top = topViewController else { return [] }
        if let results = activeSearch?.searchResultsController {
            return [top, results]
        }
        return [top]
    }

    /// Every controller on the stack, and the search results each one has.
    override var traitEnvironmentChildren: [ViewController] {
        viewControllers.flatMap { viewController -> [ViewController] in
            let search = viewController.navigationItem.searchController
            guard let results = search?.searchResultsController else { return [viewController] }
            return [viewController, results]
        }
    }

    /// UIKit's order: the new top loads, the old one will disappear, the new one will
    /// appear, then the old one did disappear and the new one did appear.
    private func transition(from old: ViewController?, to new: ViewController?, animated: Bool) {
        if isAppearing, let new {
            new.loadViewIfNeeded()
            old?.beginDisappearance()
            new.beginAppearance()
            delegate?.navigationController(self, willShow: new, animated: animated)
            old?.endDisappearance()
            new.endAppearance()
            delegate?.navigationController(self, didShow: new, animated: animated)
        }
        view.setNeedsDisplay()
    }

    override func beginAppearance() {
        super.beginAppearance()
        isAppearing = true
        if let top = topViewController {
            top.beginAppearance()
            delegate?.navigationController(self, willShow: top, animated: false)
        }
    }

    override func endAppearance() {
        super.endAppearance()
        if let top = topViewController {
            top.endAppearance()
            delegate?.navigationController(self, didShow: top, animated: false)
        }
    }

    override func beginDisappearance() {
        topViewController?.beginDisappearance()
        super.beginDisappearance()
    }

    override func endDisappearance() {
        isAppearing = false
        topViewController?.endDisappearance()
        super.endDisappearance()
    }

    /// The header, the content and the status line of the top screen, or, while its search
    /// is open, the search bar on the first line and the results' in place of the screen's.
    override func render(in canvas: Canvas, bounds: Rect) {
        guard let top = topViewController, bounds.height > 0 else { return }
        let search = activeSearch
        let content = search?.contentViewController ?? top
        drawHeader(content.navigationItem, in: canvas, bounds: bounds)
        var contentBounds = Rect(
            x: bounds.x, y: bounds.y + 1, width: bounds.width, height: bounds.height - 2)
        if let search, contentBounds.height > 0 {
            search.searchBar.draw(
                in: canvas,
                bounds: Rect(x: bounds.x, y: contentBounds.y, width: bounds.width, height: 1))
            contentBounds.y += 1
            contentBounds.height -= 1
        }
        if contentBounds.height > 0 {
            content.render(in: canvas, bounds: contentBounds)
        }
        if bounds.height > 1 {
            // While the bar has the keys its hint shows (or the screen's own for it), unless
            // the results are at work.
            var statusLine = content.statusLine
            if search?.searchBar.isFirstResponder == true, !statusLine.isActivity {
                statusLine = content.searchBarHint ?? SearchController.editingHint
            }
            drawStatusLine(
                statusLine, in: canvas, x: bounds.x, y: bounds.maxY - 1, width: bounds.width)
        }
    }

    /// Bold title, then " · subtitle", and the trailing text right-aligned; the trailing text
    /// wins space first, so the position stays readable on a narrow screen.
    private func drawHeader(_ item: NavigationItem, in canvas: Canvas, bounds: Rect) {
        let trailing = item.trailing.truncated(toWidth: bounds.width)
        let trailingWidth = trailing.displayWidth
        let leftWidth = bounds.width - trailingWidth - (trailingWidth > 0 ? 1 : 0)
        let title = item.title.truncated(toWidth: leftWidth)
        canvas.draw(title, x: bounds.x, y: bounds.y, maxWidth: leftWidth, style: .bold)
        let used = title.displayWidth
        if !item.subtitle.isEmpty && used < leftWidth {
            let separator = item.title.isEmpty ? "" : " · "
            canvas.draw(
                separator + item.subtitle, x: bounds.x + used, y: bounds.y,
                maxWidth: leftWidth - used, style: .dim)
        }
        if trailingWidth > 0 {
            canvas.draw(
                trailing, x: bounds.maxX - trailingWidth, y: bounds.y, maxWidth: trailingWidth)
        }
    }

    private func drawStatusLine(
        _ statusLine: StatusLine, in canvas: Canvas, x: Int, y: Int, width: Int
    ) {
        switch statusLine {
        case .hint(let text):
            let fitted = fitting(statusLine, width: width) { Self.hint(text, fittingWidth: width) }
            canvas.draw(fitted, x: x, y: y, maxWidth: width, style: .dim)
        case .activity(let text):
            canvas.showsActivity = true
            canvas.draw(text, x: x, y: y, maxWidth: width, style: Style(foreground: .yellow))
        case .error(let text):
            if canvas.errorMessage == nil {
                canvas.errorMessage = text.sanitizedForTerminal()
            }
            canvas.draw(
                text, x: x, y: y, maxWidth: width, style: Style(isBold: true, foreground: .red))
        case .note(let text):
            let fitted = fitting(statusLine, width: width) { Self.note(text, fittingWidth: width) }
            canvas.draw(fitted, x: x, y: y, maxWidth: width)
        }
    }

    /// The status line as `fit` cuts it to `width`, measured again only when the line or the
    /// width changed since the last frame.
    private func fitting(_ statusLine: StatusLine, width: Int, _ fit: () -> String) -> String {
        if let fitted = fittedStatusLine, fitted.statusLine == statusLine, fitted.width == width {
            return fitted.text
        }
        let text = fit()
        fittedStatusLine = (statusLine, width, text)
        return text
    }

    /// A note and the hints after it, as in "All 58 movies · ↑↓ move … ? help · q quit" (T8,
    /// T13): the note before the first " · " stays, and the hints after it are cut as `hint`
    /// cuts them; on a screen too narrow for the note and the last two hints, the note is cut
    /// with them, as one more hint.
    static func note(_ text: String, fittingWidth width: Int) -> String {
        let text = text.sanitizedForTerminal()
        let separator = " · "
        guard text.displayWidth > width, let end = text.range(of: separator) else {
            return text
        }
        let note = String(text[..<end.lowerBound])
        let hints = String(text[end.upperBound...])
        let room = width - note.displayWidth - separator.displayWidth
        // The note gives way first when not even the last two hints would fit beside it.
        let lastTwo = hints.split(separator: separator).suffix(2).joined(separator: separator)
        guard room >= (String.ellipsis + " " + lastTwo).displayWidth else {
            return hint(text, fittingWidth: width)
        }
        return note + separator + hint(hints, fittingWidth: room)
    }

    /// The hints between " · " that fit (T13). Hints are written most useful first, and the
    /// last two (`? help · q quit`) always stay in view: on a narrow screen the hints before
    /// those go from the last one back, whole, and "…" stands where they were. A screen too
    /// narrow even for the last two keeps their end.
    static func hint(_ text: String, fittingWidth width: Int) -> String {
        let text = text.sanitizedForTerminal()
        guard text.displayWidth > width else { return text }
        let separator = " · "
        let hints = text.split(separator: separator, omittingEmptySubsequences: false)
        let marker = String.ellipsis + " "
        let lastCount = min(2, hints.count)
        let leading = hints.dropLast(lastCount)
        let last = hints.suffix(lastCount).joined(separator: separator)
        for keptCount in stride(from: leading.count - 1, through: 0, by: -1) {
            let kept = leading.prefix(keptCount).joined(separator: separator)
            let fitted = (kept.isEmpty ? "" : kept + " ") + marker + last
            if fitted.displayWidth <= width {
                return fitted
            }
        }
        for start in hints.indices.suffix(lastCount - 1) {
            let kept = marker + hints[start...].joined(separator: separator)
            if kept.displayWidth <= width {
                return kept
            }
        }
        return text.truncatedFromStart(toWidth: width)
    }
}
