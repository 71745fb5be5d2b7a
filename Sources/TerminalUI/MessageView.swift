/// A centred message with a hint line, e.g. "TMDB rejected …" + "r to retry".
@MainActor public final class MessageView: View {
    public enum Kind: Sendable {
        case information, error
    }

    public var kind: Kind {
        didSet { if kind != oldValue { setNeedsDisplay() } }
    }
    public var message: String {
        didSet { if message != oldValue { setNeedsDisplay() } }
    }
    public var hint: String {
        didSet { if hint != oldValue { setNeedsDisplay() } }
    }

    public init(kind: Kind = .information, message: String = "", hint: String = "") {
        self.kind = kind
        self.message = message
        self.hint = hint
        super.init()
    }

    public override func draw(in canvas: Canvas, bounds: Rect) {
        let messageStyle = kind == .error ? Style(isBold: true, foreground: .red) : Style.plain
        var lines = message.wrapped(toWidth: max(bounds.width - 4, 1)).map { ($0, messageStyle) }
        if !hint.isEmpty {
            lines.append(("", .plain))
            lines.append((hint, Style.dim))
        }
        canvas.drawCentered(lines, in: bounds)
        if kind == .error {
            canvas.errorMessage = message.sanitizedForTerminal()
        }
    }
}
