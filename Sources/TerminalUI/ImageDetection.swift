/// What `--images` asks for: `auto` detects the terminal, the others force a back end (P3).
public enum ImageOption: String, Sendable, CaseIterable {
    case auto, kitty, iterm, blocks, none

    /// The option's value; anything else is a usage error (L4).
    public init(argument: String) throws(UsageError) {
        guard let option = ImageOption(rawValue: argument) else {
            throw UsageError(
                message:
                    "--images expects auto, kitty, iterm, blocks or none, not \(UsageError.quoted(argument))"
            )
        }
        self = option
    }
}

/// A reply a terminal sends to a query: never a key (P3).
public enum TerminalReply: Sendable, Equatable {
    /// DA1, `ESC [ ? … c`: the terminal's attributes; it answers last, so every reply to the
    /// queries before it has arrived.
    case deviceAttributes([Int])
    /// XTVERSION, `ESC P > | name(version) ESC \`: "kitty(0.26.5)", "XTerm(379)", "tmux 3.3a".
    case version(String)
    /// kitty's graphics protocol, `ESC _ G … ESC \`: "i=31;OK" to the query.
    case kittyGraphics(String)
    /// Any other string reply (`ESC P`, `ESC _`, `ESC ]` … `ESC \`), taken in and dropped.
    case other
}

/// Decides the image back end once at launch (P3, P4): from the environment first; where it
/// leaves a doubt, from the replies to one burst of queries, answered within `timeLimit`.
///
/// A plain value: the application sends `queries`, gives it each reply, and asks for
/// `decisionAfterTimeLimit` when the time is up, so that every row of the table is testable
/// without a terminal or a clock.
public struct ImageDetector: Sendable {
    /// How long the replies may take, on the kit's clock.
    public static let timeLimit: Duration = .milliseconds(200)

    /// The decision, when the environment is enough.
    public let decision: ImageRendering?
    /// The back end when no reply settles it.
    let fallback: ImageRendering
    let isInsideTmux: Bool
    private var version: String?

    public init(option: ImageOption, environment: [String: String]) {
        let term = environment["TERM"] ?? ""
        let program = environment["TERM_PROGRAM"] ?? ""
        let isInsideTmux = !(environment["TMUX"] ?? "").isEmpty
        self.isInsideTmux = isInsideTmux
        let colorTerm = (environment["COLORTERM"] ?? "").lowercased()
        let saysTrueColor = colorTerm == "truecolor" || colorTerm == "24bit"
        func rendering(_ backEnd: ImageBackEnd) -> ImageRendering {
            ImageRendering(backEnd: backEnd, passesThroughTmux: isInsideTmux)
        }
        // P4: no colour, no terminal worth the name: the plain frame, whatever was asked.
        guard TerminalEnvironment.isColorEnabled(environment), !term.isEmpty, term != "dumb",
            option != .none
        else {
            decision = .plain
            fallback = .plain
            return
        }
        let trueColor =
            saysTrueColor || environment["XTERM_VERSION"] != nil
            || Int(environment["VTE_VERSION"] ?? "").map { $0 >= 3600 } == true
            || environment["KITTY_WINDOW_ID"] != nil || term == "xterm-kitty"
            || program == "iTerm.app" || program == "WezTerm" || program == "ghostty"
        let blocks = rendering(.halfBlocks(trueColor: trueColor))
        fallback = blocks
        switch option {
        case .kitty:
            decision = rendering(.kittyPlaceholders)
            return
        case .iterm:
            decision = rendering(.iTermInline)
            return
        case .blocks:
            decision = blocks
            return
        case .auto, .none:
            break
        }
        // Inside tmux the variables may be the outer terminal's of another day: ask it,
        // through the passthrough, which answers only when passthrough is on.
        if isInsideTmux {
            decision = nil
            return
        }
        let isITermFamily =
            ["iTerm.app", "WezTerm", "WarpTerminal", "vscode"].contains(program)
            || environment["LC_TERMINAL"] == "iTerm2" || environment["WEZTERM_PANE"] != nil
            || environment["WEZTERM_EXECUTABLE"] != nil || environment["KONSOLE_VERSION"] != nil
            || environment["MLTERM"] != nil
        if program == "ghostty" || term == "xterm-ghostty" {
            decision = rendering(.kittyPlaceholders)
        } else if term == "xterm-kitty" || environment["KITTY_WINDOW_ID"] != nil {
            // Placeholders need kitty 0.28; only XTVERSION tells.
            decision = nil
        } else if isITermFamily {
            decision = rendering(.iTermInline)
        } else if program == "Apple_Terminal" || trueColor || term.hasPrefix("linux") {
            decision = blocks
        } else {
            decision = nil
        }
    }

    /// The burst to send when `decision` is nil: kitty's `a=q`, XTVERSION, and DA1 last,
    /// which every terminal answers, so its reply says the others have come or never will.
    /// Inside tmux all three go through the passthrough, so that the outer terminal answers.
    public var queries: String {
        let rendering = ImageRendering(backEnd: .plain, passesThroughTmux: isInsideTmux)
        return [
            "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\", "\u{1B}[>0q", "\u{1B}[c",
        ].map(rendering.passThrough).joined()
    }

    /// Takes one reply; returns the decision once DA1 has answered.
    public mutating func receive(_ reply: TerminalReply) -> ImageRendering? {
        switch reply {
        case .version(let text):
            version = text
            return nil
        case .deviceAttributes:
            return decisionAfterTimeLimit
        case .kittyGraphics, .other:
            // An OK to `a=q` does not mean placeholders work (kitty before 0.28, Konsole).
            return nil
        }
    }

    /// What the replies so far decide; the fallback when they say nothing.
    public var decisionAfterTimeLimit: ImageRendering {
        if let decision { return decision }
        guard let version else { return fallback }
        let passesThroughTmux = isInsideTmux
        let lowercased = version.lowercased()
        if lowercased.hasPrefix("kitty(") {
            let numbers = lowercased.dropFirst("kitty(".count).split(separator: ".").compactMap {
                Int($0.prefix { $0.isNumber })
            }
            let isRecent = numbers.count >= 2 && (numbers[0], numbers[1]) >= (0, 28)
            return isRecent
                ? ImageRendering(backEnd: .kittyPlaceholders, passesThroughTmux: passesThroughTmux)
                : ImageRendering(backEnd: .halfBlocks(trueColor: true), passesThroughTmux: false)
        }
        if lowercased.hasPrefix("ghostty") {
            return ImageRendering(
                backEnd: .kittyPlaceholders, passesThroughTmux: passesThroughTmux)
        }
        if ["wezterm", "iterm2", "konsole", "mlterm"].contains(where: { lowercased.hasPrefix($0) })
        {
            return ImageRendering(backEnd: .iTermInline, passesThroughTmux: passesThroughTmux)
        }
        if lowercased.hasPrefix("xterm(") {
            return ImageRendering(backEnd: .halfBlocks(trueColor: true), passesThroughTmux: false)
        }
        return fallback
    }
}
