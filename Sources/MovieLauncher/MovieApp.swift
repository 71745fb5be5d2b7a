import Foundation
import ImagePipeline
import MovieUI
import TMDB
import TerminalUI

/// What every step's entry point shares: the options, the configuration and the launch.
///
/// A step supplies only its first screen, so that `main` reads the same in every step
/// and the lessons can ignore it.
public enum MovieApp {
    /// Everything the command line and the environment decided.
    public struct Launch: Sendable {
        public var configuration: Configuration
        public var timeWindow: TimeWindow
        public var mode: LaunchMode
        public var wantsHelp: Bool
        /// Xcode's console: a print mode there also says how to run the app for real.
        public var isInXcodeConsole: Bool
        /// How posters are drawn on a terminal (P3); `--images`, `auto` by default.
        public var images: ImageOption = .auto
    }

    /// The app's own options; `--keys` and `--help` come from the terminal kit.
    public static let options: [CommandLineOption] = [
        CommandLineOption(
            name: "--offline", valueName: nil,
            summary: "use the bundled sample data even with a credential"),
        CommandLineOption(
            name: "--latency", valueName: "MS",
            summary: "delay every sample-data response by MS milliseconds"),
        CommandLineOption(
            name: "--language", valueName: "CODE",
            summary: "ISO 639-1 language, region optional, any case: ko, KO-kr (default en-US)"),
        CommandLineOption(
            name: "--window", valueName: "day|week",
            summary: "the first trending window (default week)"),
        CommandLineOption(
            name: "--images", valueName: "MODE",
            summary: "posters: auto (default), kitty, iterm, blocks or none"),
    ]

    /// The environment variables the app reads, for `--help`.
    public static let environmentVariables: [(name: String, summary: String)] = [
        (
            "TMDB_ACCESS_TOKEN",
            "TMDB API Read Access Token, sent as a Bearer token (wins over the key)"
        ),
        ("TMDB_API_KEY", "TMDB v3 API key, sent as the api_key query item"),
        ("TMDB_BASE_URL", "replaces https://api.themoviedb.org (a mirror or a test server)"),
        (
            "TMDB_IMAGE_BASE_URL",
            "replaces https://image.tmdb.org/t/p/ (posters; it gets no credential)"
        ),
        ("TMDB_LANGUAGE", "TMDB language when --language is not given"),
        ("TMDB_TIMEOUT", "seconds to wait for TMDB's answer, 1 to 300 (default 15)"),
        ("NO_COLOR", "turns colour off, posters' too"),
        ("TERM", "dumb: the first screen printed as plain text, as when piped"),
    ]

    /// TMDB's terms ask every application to show this notice.
    public static let attribution =
        "This product uses the TMDB API but is not endorsed or certified by TMDB."

    /// Reads the command line and the environment; a usage error says what was wrong in one line.
    public static func makeLaunch(
        arguments: [String], environment: [String: String]
    ) throws(UsageError) -> Launch {
        let parsed = try CommandLineParser.parse(arguments, options: options)
        var configuration: Configuration
        do {
            configuration = try Configuration.fromEnvironment(environment)
        } catch {
            throw UsageError(message: error.message)
        }
        guard let language = LanguageCode.normalized(configuration.language) else {
            throw UsageError(message: languageError("TMDB_LANGUAGE", configuration.language))
        }
        configuration.language = language
        if parsed.values["--offline"] != nil {
            configuration.forcesSampleData = true
        }
        if let latency = parsed.values["--latency"] {
            guard let milliseconds = Int(latency), (0...60_000).contains(milliseconds) else {
                throw UsageError(
                    message:
                        "--latency expects milliseconds from 0 to 60000, not \(UsageError.quoted(latency))"
                )
            }
            configuration.sampleLatency = .milliseconds(milliseconds)
        }
        if let text = parsed.values["--language"] {
            guard let language = LanguageCode.normalized(text) else {
                throw UsageError(message: languageError("--language", text))
            }
            configuration.language = language
        }
        var timeWindow = TimeWindow.week
        if let name = parsed.values["--window"] {
            guard let chosen = TimeWindow(rawValue: name) else {
                throw UsageError(
                    message: "--window expects day or week, not \(UsageError.quoted(name))")
            }
            timeWindow = chosen
        }
        let images = try parsed.values["--images"].map(ImageOption.init(argument:)) ?? .auto
        return Launch(
            configuration: configuration, timeWindow: timeWindow,
            mode: Launcher.mode(for: parsed, environment: environment),
            wantsHelp: parsed.wantsHelp,
            isInXcodeConsole: Launcher.runsInXcodeConsole(environment), images: images)
    }

    /// The `?` screen: every key, where the data comes from, and TMDB's notice (E2).
    public static func help(for configuration: Configuration) -> HelpContent {
        HelpContent(
            title: "Keys",
            entries: [
                HelpContent.Entry(
                    keys: "↑ k  ↓ j", action: "move the selection / scroll the detail"),
                HelpContent.Entry(keys: "PgUp  PgDn", action: "move by a screen"),
                HelpContent.Entry(keys: "Ctrl-B  Ctrl-F Space", action: "up / down a screen"),
                HelpContent.Entry(
                    keys: "Ctrl-U  Ctrl-D",
                    action: "up / down half a screen (in the search bar, Ctrl-U clears it)"),
                HelpContent.Entry(keys: "Home g  End G", action: "go to the top / the end"),
                HelpContent.Entry(keys: "Enter  →  l", action: "open the selected movie"),
                HelpContent.Entry(
                    keys: "wheel  click",
                    action:
                        "move 3 rows / select a row, click again to open (Shift-drag selects text)"),
                HelpContent.Entry(keys: "b  h  Esc  Backspace  ←", action: "back to the list"),
                HelpContent.Entry(
                    keys: "/", action: "search by title (↓ ↑: the results and back, Esc: close)"),
                HelpContent.Entry(keys: "t", action: "switch between today and this week"),
                HelpContent.Entry(keys: "r", action: "reload the list, or retry what failed"),
                HelpContent.Entry(
                    keys: "?", action: "this help (↑↓ PgUp PgDn scroll it; ?, Esc or q close it)"),
                HelpContent.Entry(keys: "q  Ctrl-C", action: "quit"),
                HelpContent.Entry(keys: "Ctrl-Z  Ctrl-L", action: "suspend (fg: back) / redraw"),
            ],
            notes: [
                "Data: \(dataSourceDescription(for: configuration))",
                attribution,
            ])
    }

    /// `--help`: what the command does, its options, keys and variables.
    public static func usage(command: String) -> String {
        CommandLineParser.usage(
            command: command,
            summary: "TMDB's trending movies in the terminal.",
            options: options,
            help: help(for: Configuration()),
            environment: environmentVariables)
    }

    /// The whole entry point of a step: parse, configure, run, exit with a defined status.
    @MainActor
    public static func main(
        command: String,
        makeScene:
            @escaping @MainActor (
                TMDBClient, any ImageLoading, TimeWindow, any Clock<Duration>
            ) -> any AppScene
    ) async -> Never {
        let launch: Launch
        do {
            launch = try makeLaunch(
                arguments: Array(CommandLine.arguments.dropFirst()),
                environment: ProcessInfo.processInfo.environment)
        } catch {
            printError("\(command): \(error.message)\nTry '\(command) --help' for usage.")
            exit(ExitStatus.usageError)
        }
        if launch.wantsHelp {
            let isWritten = Launcher.writeStandardOutput(usage(command: command) + "\n")
            exit(isWritten ? ExitStatus.success : ExitStatus.outputFailed)
        }
        let client = TMDBClient(configuration: launch.configuration)
        // Posters come through the same client (P5), kept on disk only for live TMDB (P6).
        let imageLoader = ImagePipeline(
            client: client, diskCache: ImagePipeline.standardDiskCache(for: launch.configuration))
        let scene = makeScene(client, imageLoader, launch.timeWindow, ContinuousClock())
        let status = await Launcher.run(
            mode: launch.mode, help: help(for: launch.configuration), images: launch.images
        ) {
            scene.makeRootViewController()
        }
        withExtendedLifetime(scene) {}
        if launch.isInXcodeConsole, case .printFirstScreen = launch.mode {
            printError(Launcher.xcodeConsoleHint(command: command))
        }
        exit(status)
    }

    private static func dataSourceDescription(for configuration: Configuration) -> String {
        guard configuration.usesSampleData else {
            return "TMDB (\(configuration.baseURL.host ?? "api.themoviedb.org"))"
        }
        return
            "sample data bundled with the app (set TMDB_ACCESS_TOKEN or TMDB_API_KEY for live TMDB)"
    }

    /// What a language TMDB would not take says: the form it takes, and what was given.
    private static func languageError(_ source: String, _ text: String) -> String {
        "\(source) expects an ISO 639-1 language, alone or with a region (en, ko-KR), not \(UsageError.quoted(text))"
    }

    private static func printError(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
