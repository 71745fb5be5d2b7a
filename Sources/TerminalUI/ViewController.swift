import Observation
import Synchronization

/// A screen, like UIViewController: owns a view, a navigation item and a status line, and
/// hears about its lifecycle in UIKit's order.
@MainActor open class ViewController {
    /// The body; add subviews in viewDidLoad.
    public let view: View
    /// What the header says about this screen; a reference, mutated in place as in UIKit
    /// (`navigationItem.title = …`). A change redraws.
    public let navigationItem = NavigationItem()
    /// The bottom line while this screen is on top. A change redraws. UIKit has no exact
    /// twin; the nearest is a toolbar (`toolbarItems`).
    public var statusLine = StatusLine.hint("") {
        didSet {
            if statusLine != oldValue { view.setNeedsDisplay() }
        }
    }
    /// The bottom line instead of the search bar's own hint while a search bar over this
    /// screen has the keys, when the screen has more to say there: how to reach a retry
    /// that the bar's typing hides, say (S6). A change redraws.
    public var searchBarHint: StatusLine? {
        didSet {
            if searchBarHint != oldValue { view.setNeedsDisplay() }
        }
    }
    public internal(set) weak var navigationController: NavigationController?
    public private(set) var isViewLoaded = false
    /// Set on the root controller by the application that shows it.
    weak var application: Application?
    /// Set from any thread by Observation, read on the main actor before a key or a frame.
    private let propertyInvalidation = PropertyInvalidation()

    public init() {
        view = View()
        view.owningViewController = self
        navigationItem.owningViewController = self
    }

    /// Once, before the first appearance.
    open func viewDidLoad() {}
    /// Each time it is about to become the top.
    open func viewWillAppear(_ animated: Bool) {}
    /// Each time it has become the top.
    open func viewDidAppear(_ animated: Bool) {}
    /// Each time it is about to stop being the top (covered or popped).
    open func viewWillDisappear(_ animated: Bool) {}
    /// Each time it has stopped being the top (covered or popped).
    open func viewDidDisappear(_ animated: Bool) {}

    /// The screen's traits, like UIKit's `traitCollection`: unspecified until an application
    /// shows the controller, or one it belongs to.
    public var traitCollection: TraitCollection {
        hostingApplication?.traitCollection ?? TraitCollection(horizontalSizeClass: .unspecified)
    }

    /// Called on every controller the application holds when the screen's traits change
    /// (the terminal resized across `TraitCollection.minimumRegularWidth`), before the frame
    /// that shows the new size. UIKit calls it for any trait (dark mode, text size too), so
    /// an iOS override compares `previousTraitCollection?.horizontalSizeClass`; since iOS 17
    /// `registerForTraitChanges([UITraitHorizontalSizeClass.self])` asks for one trait.
    open func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {}

    /// The place to copy state into views, like UIKit's `updateProperties()` (iOS 26).
    ///
    /// The kit calls it before the next key and the next frame whenever it is needed: on
    /// appearing, after `setNeedsUpdateProperties()`, and whenever an `@Observable` property
    /// it read last time changes, because each call runs inside `withObservationTracking`.
    open func updateProperties() {}

    /// Asks for `updateProperties()` before the next key or frame, for state Observation
    /// cannot see.
    public func setNeedsUpdateProperties() {
        propertyInvalidation.invalidate()
        view.setNeedsDisplay()
    }

    /// Runs `updateProperties()` now if it is needed, here and in the children on screen.
    public func updatePropertiesIfNeeded() {
        if propertyInvalidation.take() {
            let invalidation = propertyInvalidation
            withObservationTracking {
                updateProperties()
            } onChange: { [weak self] in
                invalidation.invalidate()
                Task { @MainActor in self?.view.setNeedsDisplay() }
            }
        }
        for child in childrenOnScreen {
            child.updatePropertiesIfNeeded()
        }
    }

    /// Keys reach the top controller first, then its views; true when handled. UIKit's
    /// nearest are `pressesBegan(_:with:)` and `UIKeyCommand`.
    open func handle(_ key: Key) -> Bool {
        view.handle(key)
    }

    /// True while an `updateProperties()` is owed here or in a child on screen.
    var needsUpdateProperties: Bool {
        propertyInvalidation.isInvalid || childrenOnScreen.contains { $0.needsUpdateProperties }
    }

    /// The controllers whose views this one shows: none for a plain screen.
    var childrenOnScreen: [ViewController] { [] }

    /// The controllers this one holds, on screen or not, that hear of a change of traits:
    /// none for a plain screen.
    var traitEnvironmentChildren: [ViewController] { [] }

    /// The application showing this controller, found through its navigation controller.
    /// The application showing this controller: through its navigation controller, or, for
    /// a search's results, through the screen that offers the search.
    var hostingApplication: Application? {
        application ?? navigationController?.hostingApplication
            ?? owningSearchController?.searchingViewController?.hostingApplication
    }

    /// The search whose results this controller shows; weak, the search owns it.
    weak var owningSearchController: SearchController?

    func loadViewIfNeeded() {
        guard !isViewLoaded else { return }
        isViewLoaded = true
        viewDidLoad()
    }

    /// About to become the top: load once, then `viewWillAppear`.
    func beginAppearance() {
        loadViewIfNeeded()
        propertyInvalidation.invalidate()
        viewWillAppear(false)
    }

    func endAppearance() {
        viewDidAppear(false)
    }

    func beginDisappearance() {
        viewWillDisappear(false)
    }

    func endDisappearance() {
        viewDidDisappear(false)
    }

    /// Draws the whole screen area this controller owns.
    func render(in canvas: Canvas, bounds: Rect) {
        view.draw(in: canvas, bounds: bounds)
    }
}

/// "`updateProperties()` is owed": set by Observation's change handler, which may run on any
/// thread, and taken on the main actor.
final class PropertyInvalidation: Sendable {
    private let isSet = Mutex(true)

    var isInvalid: Bool { isSet.withLock { $0 } }

    func invalidate() {
        isSet.withLock { $0 = true }
    }

    /// True once per invalidation.
    func take() -> Bool {
        isSet.withLock { isSet in
            defer { isSet = false }
            return isSet
        }
    }
}
