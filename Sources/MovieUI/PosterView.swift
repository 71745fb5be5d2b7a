import TerminalUI

/// A movie's poster in a box of cells (P1): the picture once it has come, and until then, or
/// when it cannot come, a quiet frame of the same size, so that nothing else moves.
///
/// While `isLoading` the screen shows activity, so a script or a test waits for the poster
/// as it waits for any other answer (E7).
@MainActor public final class PosterView: View {
    /// The box: 2:3 like a poster, a cell being about twice as tall as it is wide.
    public static let size = Size(width: 20, height: 15)

    public var image: Image? {
        didSet {
            imageView.image = image
            if image !== oldValue { setNeedsDisplay() }
        }
    }
    public var isLoading = false {
        didSet {
            if isLoading != oldValue { setNeedsDisplay() }
        }
    }

    /// Drawn by this view rather than added under it: it fills the box, not the bounds.
    private let imageView = ImageView()

    public override init() {
        imageView.accessibilityLabel = "poster"
        super.init()
    }

    public override func draw(in canvas: Canvas, bounds: Rect) {
        if isLoading {
            canvas.showsActivity = true
        }
        let box = Rect(
            x: bounds.x, y: bounds.y, width: min(Self.size.width, bounds.width),
            height: min(Self.size.height, bounds.height))
        guard box.width >= 2, box.height >= 2 else { return }
        if image != nil {
            imageView.draw(in: canvas, bounds: box)
        } else {
            drawPlaceholder(in: canvas, box: box)
        }
    }

    /// A dim frame with nothing in it: no error message, whatever the reason (P1).
    private func drawPlaceholder(in canvas: Canvas, box: Rect) {
        let line = String(repeating: "─", count: box.width - 2)
        canvas.draw("┌" + line + "┐", x: box.x, y: box.y, style: .dim)
        for y in (box.y + 1)..<(box.maxY - 1) {
            canvas.draw("│", x: box.x, y: y, style: .dim)
            canvas.draw("│", x: box.maxX - 1, y: y, style: .dim)
        }
        canvas.draw("└" + line + "┘", x: box.x, y: box.maxY - 1, style: .dim)
    }
}

/// The detail screen's poster and text (P1): the text beside the poster on a screen of at
/// least 80 columns, under it on a narrower one. A hidden poster leaves the text all the room,
/// as the screen was before posters.
@MainActor public final class PosterLayoutView: View {
    /// The narrowest screen that has room for the text beside the poster.
    public static let minimumWidthBeside = 80

    private let posterView: PosterView
    private let contentView: View

    public init(posterView: PosterView, contentView: View) {
        self.posterView = posterView
        self.contentView = contentView
        super.init()
        addSubview(posterView)
        addSubview(contentView)
    }

    public override func draw(in canvas: Canvas, bounds: Rect) {
        guard !posterView.isHidden else {
            if !contentView.isHidden { contentView.draw(in: canvas, bounds: bounds) }
            return
        }
        let poster = PosterView.size
        let content: Rect
        if bounds.width >= Self.minimumWidthBeside {
            posterView.draw(in: canvas, bounds: bounds.inset(left: 1))
            content = bounds.inset(left: 1 + poster.width + 2)
        } else {
            let left = max((bounds.width - poster.width) / 2, 0)
            posterView.draw(in: canvas, bounds: bounds.inset(left: left))
            content = bounds.inset(top: poster.height + 1)
        }
        if !contentView.isHidden, !content.isEmpty {
            contentView.draw(in: canvas, bounds: content)
        }
    }
}

extension Rect {
    /// This rect without its first `left` columns and `top` rows; empty when none are left.
    fileprivate func inset(left: Int = 0, top: Int = 0) -> Rect {
        Rect(
            x: x + left, y: y + top, width: max(width - left, 0), height: max(height - top, 0))
    }
}
