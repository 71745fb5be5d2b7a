/// A centred "Loading…" (static, no animation). Marks canvas.showsActivity when drawn.
///
/// Static on purpose: an animation would keep the screen from ever settling for tests and pipes.
@MainActor public final class ActivityIndicatorView: View {
    public var text: String {
        didSet { if text != oldValue { setNeedsDisplay() } }
    }

    public init(text: String = "Loading…") {
        self.text = text
        super.init()
    }

    public override func draw(in canvas: Canvas, bounds: Rect) {
        canvas.showsActivity = true
        canvas.drawCentered([(text, Style.dim)], in: bounds)
    }
}

extension Canvas {
    /// Draws lines centred horizontally and vertically in `bounds`, each cut to its width.
    func drawCentered(_ lines: [(text: String, style: Style)], in bounds: Rect) {
        guard bounds.width > 0, bounds.height > 0 else { return }
        let top = bounds.y + max((bounds.height - lines.count) / 2, 0)
        for (offset, line) in lines.enumerated() where top + offset < bounds.maxY {
            let text = line.text.truncated(toWidth: bounds.width)
            let x = bounds.x + max((bounds.width - text.displayWidth) / 2, 0)
            draw(text, x: x, y: top + offset, maxWidth: bounds.width, style: line.style)
        }
    }
}
