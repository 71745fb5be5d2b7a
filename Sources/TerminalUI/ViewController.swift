/// A screen, like UIViewController: owns a view, a navigation item and a status line, and
/// hears about its lifecycle.
@MainActor open class ViewController {
    /// The body; add subviews in viewDidLoad.
    public let view: View
    /// Set → redraw.
    public var navigationItem = NavigationItem() {
        didSet {
            if navigationItem != oldValue { setNeedsDisplay() }
        }
    }
    /// Set → redraw.
    public var statusLine = StatusLine.hint("") {
        didSet {
            if statusLine != oldValue { setNeedsDisplay() }
        }
    }
    public internal(set) weak var navigationController: NavigationController?
    public private(set) var isViewLoaded = false
    /// Set on the root controller by the application that shows it.
    weak var application: Application?

    public init() {
        view = View()
        view.owningViewController = self
    }

    /// Once, before the first appearance.
    open func viewDidLoad() {}
    /// Each time it becomes the top.
    open func viewWillAppear() {}
    /// Each time it stops being the top (covered or popped).
    open func viewDidDisappear() {}

    /// Called before every frame while this controller is on screen, like UIKit's
    /// `updateProperties()`: the place to copy state into views. What it changes is part of
    /// the frame about to be drawn, so the screen never shows state older than the frame.
    open func updateProperties() {}

    /// Keys reach here first; default forwards to `view`'s visible subviews in order.
    open func handle(_ key: Key) -> Bool {
        view.handle(key)
    }

    public func setNeedsDisplay() {
        hostingApplication?.setNeedsDisplay()
    }

    /// The application showing this controller, found through its navigation controller.
    var hostingApplication: Application? {
        application ?? navigationController?.hostingApplication
    }

    func loadViewIfNeeded() {
        guard !isViewLoaded else { return }
        isViewLoaded = true
        viewDidLoad()
    }

    /// Becoming the top: load once, then `viewWillAppear`.
    func beginAppearance() {
        loadViewIfNeeded()
        viewWillAppear()
    }

    func endAppearance() {
        viewDidDisappear()
    }

    /// Draws the whole screen area this controller owns.
    func render(in canvas: Canvas, bounds: Rect) {
        view.draw(in: canvas, bounds: bounds)
    }
}
