/// The base of every view, like UIView: a tree of subviews that draw into a canvas and handle keys.
@MainActor open class View {
    public init() {}

    /// A hidden view neither draws nor receives keys.
    public var isHidden = false {
        didSet {
            if isHidden != oldValue { setNeedsDisplay() }
        }
    }
    public private(set) var subviews: [View] = []
    public private(set) weak var superview: View?
    /// The controller whose `view` this is; weak, the controller owns the view.
    weak var owningViewController: ViewController?

    public func addSubview(_ view: View) {
        view.removeFromSuperview()
        subviews.append(view)
        view.superview = self
        setNeedsDisplay()
    }

    public func removeFromSuperview() {
        guard let superview else { return }
        superview.subviews.removeAll { $0 === self }
        self.superview = nil
        superview.setNeedsDisplay()
    }

    /// Asks for a coalesced redraw of the whole screen.
    public func setNeedsDisplay() {
        hostingApplication?.setNeedsDisplay()
    }

    // MARK: First responder

    /// Whether the view can take keys before every other view (a text field can).
    open var canBecomeFirstResponder: Bool { false }

    /// True while keys reach this view first, like `UIResponder.isFirstResponder`.
    public var isFirstResponder: Bool {
        hostingApplication?.firstResponder === self
    }

    /// Makes this view the one keys reach first; false when it cannot be, or is not on a
    /// screen, as in UIKit.
    @discardableResult public func becomeFirstResponder() -> Bool {
        guard canBecomeFirstResponder, let application = hostingApplication else { return false }
        application.setFirstResponder(self)
        return true
    }

    /// Gives up being the first responder; keys go to the screen's controller again.
    @discardableResult public func resignFirstResponder() -> Bool {
        guard isFirstResponder else { return true }
        hostingApplication?.setFirstResponder(nil)
        return true
    }

    /// Called when the view has become the first responder.
    func didBecomeFirstResponder() {}
    /// Called when the view has stopped being the first responder.
    func didResignFirstResponder() {}

    /// The controller whose view this view is in.
    var viewController: ViewController? {
        var view = self
        while let parent = view.superview {
            view = parent
        }
        return view.owningViewController
    }

    var hostingApplication: Application? {
        viewController?.hostingApplication
    }

    /// Draws into `bounds` (absolute canvas coordinates). Default: each visible subview gets all of `bounds`.
    open func draw(in canvas: Canvas, bounds: Rect) {
        for subview in subviews where !subview.isHidden {
            subview.draw(in: canvas, bounds: bounds)
        }
    }

    /// Keys reach the top view controller first, then its views. Return true when handled.
    /// A first responder that already declined the key is not asked again.
    open func handle(_ key: Key) -> Bool {
        let declined = subviews.isEmpty ? nil : hostingApplication?.declinedResponder
        for subview in subviews where !subview.isHidden && subview !== declined {
            if subview.handle(key) { return true }
        }
        return false
    }
}
