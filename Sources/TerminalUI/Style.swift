/// The colours a style may ask for; `NO_COLOR` turns them all off.
///
/// The named ones are the terminal's own palette, as the user set it up; `rgb` is 24-bit
/// colour, which most terminals draw exactly; `palette` is one of the 256 colours every
/// terminal since xterm knows (16–231 a 6×6×6 cube, 232–255 a grey ramp), for the ones
/// that draw 24-bit colour wrong or not at all (macOS Terminal before macOS 26).
public enum Color: Sendable, Hashable {
    case red, green, yellow, blue, magenta, cyan, gray
    case rgb(red: UInt8, green: UInt8, blue: UInt8)
    case palette(UInt8)
}

/// How a cell looks. Bold, dim and reverse survive `NO_COLOR`; colour does not.
public struct Style: Sendable, Hashable {
    public var isBold: Bool
    public var isDim: Bool
    public var isReversed: Bool
    public var foreground: Color?
    /// The colour behind the text, like the `.backgroundColor` attribute.
    public var background: Color?
    /// The address the text links to, like the `.link` attribute of an attributed string: on
    /// a terminal that shows links it is an OSC 8 hyperlink; elsewhere, and when it is not
    /// printable ASCII, the text shows as it is (D1).
    public var link: String?

    public init(
        isBold: Bool = false, isDim: Bool = false, isReversed: Bool = false,
        foreground: Color? = nil, background: Color? = nil, link: String? = nil
    ) {
        self.isBold = isBold
        self.isDim = isDim
        self.isReversed = isReversed
        self.foreground = foreground
        self.background = background
        self.link = link
    }

    public static let plain = Style()
    public static let bold = Style(isBold: true)
    public static let dim = Style(isDim: true)
    public static let reversed = Style(isReversed: true)

    /// The SGR parameters for this style, starting from a reset ("0").
    func selectGraphicRendition(colorEnabled: Bool) -> String {
        var parameters = ["0"]
        if isBold { parameters.append("1") }
        if isDim { parameters.append("2") }
        if isReversed { parameters.append("7") }
        if colorEnabled, let foreground {
            parameters.append(foreground.sgrParameter(isBackground: false))
        }
        if colorEnabled, let background {
            parameters.append(background.sgrParameter(isBackground: true))
        }
        return "\u{1B}[" + parameters.joined(separator: ";") + "m"
    }
}

extension Color {
    /// SGR's words for the colour: 31–36 and 90 for the named ones (41–46 and 100 behind
    /// the text), `38;2;r;g;b` for 24-bit colour and `38;5;n` for the 256 (48 behind).
    fileprivate func sgrParameter(isBackground: Bool) -> String {
        let named = isBackground ? 10 : 0
        switch self {
        case .red: return String(31 + named)
        case .green: return String(32 + named)
        case .yellow: return String(33 + named)
        case .blue: return String(34 + named)
        case .magenta: return String(35 + named)
        case .cyan: return String(36 + named)
        case .gray: return String(90 + named)
        case .rgb(let red, let green, let blue):
            return (isBackground ? "48" : "38") + ";2;\(red);\(green);\(blue)"
        case .palette(let index):
            return (isBackground ? "48" : "38") + ";5;\(index)"
        }
    }

    /// The nearest of the 256 colours: the 6×6×6 cube's levels are 0, 95, 135, 175, 215 and
    /// 255; the grey ramp's 8, 18 … 238. The first 16 are left out, as users restyle them.
    public static func nearestPaletteColor(red: UInt8, green: UInt8, blue: UInt8) -> Color {
        let levels = [0, 95, 135, 175, 215, 255]
        func cubeStep(_ value: UInt8) -> Int {
            let value = Int(value)
            return value < 48 ? 0 : value < 115 ? 1 : (value - 35) / 40
        }
        let (r, g, b) = (cubeStep(red), cubeStep(green), cubeStep(blue))
        let cubeColor = (levels[r], levels[g], levels[b])
        let average = (Int(red) + Int(green) + Int(blue)) / 3
        let greyStep = average > 238 ? 23 : max(average - 3, 0) / 10
        let grey = 8 + 10 * greyStep
        func distance(_ color: (Int, Int, Int)) -> Int {
            let dr = color.0 - Int(red)
            let dg = color.1 - Int(green)
            let db = color.2 - Int(blue)
            return dr * dr + dg * dg + db * db
        }
        if distance((grey, grey, grey)) < distance(cubeColor) {
            return .palette(UInt8(232 + greyStep))
        }
        return .palette(UInt8(16 + 36 * r + 6 * g + b))
    }
}

/// Reads the environment conventions the kit honours.
enum TerminalEnvironment {
    /// https://no-color.org: any non-empty `NO_COLOR` turns colour off.
    static func isColorEnabled(_ environment: [String: String]) -> Bool {
        (environment["NO_COLOR"] ?? "").isEmpty
    }

    /// Whether Xcode started the process: its console shows text but is no full-screen
    /// terminal, whatever `isatty` says of it. Xcode marks the processes it runs with
    /// `__XCODE_BUILT_PRODUCTS_DIR_PATHS`, and their XPC service name names it.
    static func isXcodeConsole(_ environment: [String: String]) -> Bool {
        environment["__XCODE_BUILT_PRODUCTS_DIR_PATHS"] != nil
            || environment["XPC_SERVICE_NAME"]?.contains("com.apple.dt.Xcode") == true
    }

    /// Whether the terminal named by `TERM` can be sent OSC 8 hyperlinks: any terminal but
    /// a dumb one (D1). Terminals that do not know OSC 8 ignore it.
    static func showsHyperlinks(_ environment: [String: String]) -> Bool {
        let name = environment["TERM"] ?? ""
        return !name.isEmpty && name != "dumb"
    }

    /// `COLUMNS`×`LINES` when both are positive numbers, otherwise 80×24.
    static func fallbackSize(_ environment: [String: String]) -> Size {
        let width = environment["COLUMNS"].flatMap { Int($0) } ?? 0
        let height = environment["LINES"].flatMap { Int($0) } ?? 0
        return Size(width: width > 0 ? width : 80, height: height > 0 ? height : 24)
    }
}
