/// The colours a style may ask for; `NO_COLOR` turns them all off.
public enum Color: Sendable, Hashable {
    case red, green, yellow, blue, magenta, cyan, gray
}

/// How a cell looks. Bold, dim and reverse survive `NO_COLOR`; colour does not.
public struct Style: Sendable, Hashable {
    public var isBold: Bool
    public var isDim: Bool
    public var isReversed: Bool
    public var foreground: Color?
    /// The address the text links to, like the `.link` attribute of an attributed string: on
    /// a terminal that shows links it is an OSC 8 hyperlink; elsewhere, and when it is not
    /// printable ASCII, the text shows as it is (D1).
    public var link: String?

    public init(
        isBold: Bool = false, isDim: Bool = false, isReversed: Bool = false,
        foreground: Color? = nil, link: String? = nil
    ) {
        self.isBold = isBold
        self.isDim = isDim
        self.isReversed = isReversed
        self.foreground = foreground
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
            parameters.append(foreground.sgrParameter)
        }
        return "\u{1B}[" + parameters.joined(separator: ";") + "m"
    }
}

extension Color {
    fileprivate var sgrParameter: String {
        switch self {
        case .red: "31"
        case .green: "32"
        case .yellow: "33"
        case .blue: "34"
        case .magenta: "35"
        case .cyan: "36"
        case .gray: "90"
        }
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
