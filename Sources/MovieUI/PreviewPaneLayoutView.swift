import TerminalUI

/// A list with the selected movie's poster in a pane on its right (P2): the list gives up
/// the pane's columns while the poster view is shown, and has them all while it is hidden.
/// The controller shows the pane on a screen regular across (`traitCollection`), as a split
/// view shows its secondary column.
@MainActor public final class PreviewPaneLayoutView: View {
    /// The pane: a rule, a column of space either side, and the poster's box.
    public static let paneWidth = 1 + 1 + PosterView.size.width + 1

    private let listView: View
    private let posterView: PosterView

    public init(listView: View, posterView: PosterView) {
        self.listView = listView
        self.posterView = posterView
        super.init()
        addSubview(listView)
        addSubview(posterView)
    }

    public override func draw(in canvas: Canvas, bounds: Rect) {
        guard !posterView.isHidden, bounds.width > Self.paneWidth else {
            if !listView.isHidden { listView.draw(in: canvas, bounds: bounds) }
            return
        }
        let listWidth = bounds.width - Self.paneWidth
        if !listView.isHidden {
            listView.draw(
                in: canvas,
                bounds: Rect(x: bounds.x, y: bounds.y, width: listWidth, height: bounds.height))
        }
        let ruleX = bounds.x + listWidth
        for y in bounds.y..<bounds.maxY {
            canvas.draw("│", x: ruleX, y: y, style: .dim)
        }
        posterView.draw(
            in: canvas,
            bounds: Rect(
                x: ruleX + 2, y: bounds.y + 1, width: PosterView.size.width,
                height: max(bounds.height - 1, 0)))
    }
}
