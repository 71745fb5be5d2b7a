/// Shows an image in its bounds, like `UIImageView` with `.scaleAspectFit`: as large as fits,
/// its aspect kept (a cell being about twice as tall as wide), centred. How the terminal
/// draws it is the back end's decision, made once at launch (P3); piped output, key scripts,
/// `TERM=dumb` and `NO_COLOR` get a frame of the same size with `accessibilityLabel` in it
/// (P4). No image, nothing drawn, as in UIKit.
@MainActor public final class ImageView: View {
    public var image: Image? {
        didSet {
            if image !== oldValue { setNeedsDisplay() }
        }
    }
    /// What the plain frame says in place of the picture, e.g. "poster".
    public var accessibilityLabel: String? {
        didSet {
            if accessibilityLabel != oldValue { setNeedsDisplay() }
        }
    }

    private let halfBlocks = HalfBlockCache()

    public init(image: Image? = nil) {
        self.image = image
        super.init()
    }

    public override func draw(in canvas: Canvas, bounds: Rect) {
        guard let image else { return }
        let box = Self.fittedFrame(imageWidth: image.width, imageHeight: image.height, in: bounds)
        guard !box.isEmpty else { return }
        canvas.draw(image, in: box, label: accessibilityLabel ?? "image", halfBlocks: halfBlocks)
    }

    /// The largest box of cells in `bounds` with the image's aspect, centred: a cell shows
    /// two pixels of the image, one above the other, as a half block does.
    public static func fittedFrame(imageWidth: Int, imageHeight: Int, in bounds: Rect) -> Rect {
        guard imageWidth > 0, imageHeight > 0, !bounds.isEmpty else {
            return Rect(x: bounds.x, y: bounds.y, width: 0, height: 0)
        }
        // Width over height in cells: the image's width over half its height.
        var width = bounds.width
        var height = Int((Double(width * imageHeight) / Double(imageWidth * 2)).rounded())
        if height > bounds.height {
            height = bounds.height
            width = Int((Double(height * imageWidth * 2) / Double(imageHeight)).rounded())
        }
        width = min(max(width, 1), bounds.width)
        height = min(max(height, 1), bounds.height)
        return Rect(
            x: bounds.x + (bounds.width - width) / 2, y: bounds.y + (bounds.height - height) / 2,
            width: width, height: height)
    }
}
