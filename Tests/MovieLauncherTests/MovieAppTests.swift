import TMDB
import TerminalUI
import Testing

@testable import MovieLauncher

/// The launcher every step shares: options and variables become one configuration (L3–L5).
@Suite("MovieApp")
struct MovieAppTests {
    /// Values of the shapes TMDB's credentials have, which a launch checks (L8).
    static let key = "0123456789abcdef0123456789abcdef"
    static let token = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl"

    @Test("L2: no credential means sample data, week, en-US")
    func defaults() throws {
        let launch = try MovieApp.makeLaunch(arguments: [], environment: [:])
        #expect(launch.configuration.usesSampleData)
        #expect(launch.configuration.language == "en-US")
        #expect(launch.timeWindow == .week)
        #expect(!launch.wantsHelp)
    }

    @Test("L3: a token wins over a key; base URL and language come from the environment")
    func environment() throws {
        let launch = try MovieApp.makeLaunch(
            arguments: [],
            environment: [
                "TMDB_ACCESS_TOKEN": Self.token, "TMDB_API_KEY": Self.key,
                "TMDB_BASE_URL": "http://127.0.0.1:8080", "TMDB_LANGUAGE": "ko-KR",
            ])
        #expect(launch.configuration.credential == .accessToken(Self.token))
        #expect(launch.configuration.baseURL.absoluteString == "http://127.0.0.1:8080")
        #expect(launch.configuration.language == "ko-KR")
        #expect(!launch.configuration.usesSampleData)
    }

    @Test("L3 L5: options override the environment")
    func options() throws {
        let launch = try MovieApp.makeLaunch(
            arguments: ["--offline", "--latency", "800", "--language=ja-JP", "--window", "day"],
            environment: ["TMDB_API_KEY": Self.key, "TMDB_LANGUAGE": "ko-KR"])
        #expect(launch.configuration.usesSampleData)
        #expect(launch.configuration.sampleLatency == .milliseconds(800))
        #expect(launch.configuration.language == "ja-JP")
        #expect(launch.timeWindow == .day)
    }

    @Test("P3: --images picks how posters are drawn, auto by default")
    func images() throws {
        #expect(try MovieApp.makeLaunch(arguments: [], environment: [:]).images == .auto)
        for option in ImageOption.allCases {
            let launch = try MovieApp.makeLaunch(
                arguments: ["--images", option.rawValue], environment: [:])
            #expect(launch.images == option)
        }
        #expect(MovieApp.usage(command: "mvc").contains("--images MODE"))
    }

    @Test("L6: Xcode's console is told apart by the variables Xcode sets, and keys still play")
    func xcodeConsole() throws {
        let xcode = ["XPC_SERVICE_NAME": "application.com.apple.dt.Xcode.4242.4243"]
        let inXcode = try MovieApp.makeLaunch(arguments: [], environment: xcode)
        #expect(inXcode.isInXcodeConsole)
        guard case .printFirstScreen = inXcode.mode else {
            Issue.record("Xcode's console gets the printed screen, not \(inXcode.mode)")
            return
        }
        let scripted = try MovieApp.makeLaunch(arguments: ["--keys", "down"], environment: xcode)
        guard case .playScript(let keys) = scripted.mode else {
            Issue.record("--keys plays in Xcode's console too, not \(scripted.mode)")
            return
        }
        #expect(keys == [.down])
        let elsewhere = try MovieApp.makeLaunch(
            arguments: [], environment: ["XPC_SERVICE_NAME": "com.apple.Terminal"])
        #expect(!elsewhere.isInXcodeConsole)
        #expect(!(try MovieApp.makeLaunch(arguments: [], environment: [:])).isInXcodeConsole)
    }

    static let badInputs: [(arguments: [String], environment: [String: String], mentions: String)] =
        [
            (["--frob"], [:], "--frob"),
            (["--latency", "soon"], [:], "--latency"),
            (["--latency", "-5"], [:], "--latency"),
            (["--window", "month"], [:], "--window"),
            (["--language", "korean"], [:], "--language"),
            (["--language", "zz-ZZ"], [:], "--language"),
            (["--language", "ko-ZZ"], [:], "--language"),
            (["--language", "ko_KR"], [:], "--language"),
            (["--language", "ko-KR-x"], [:], "--language"),
            (["--language", ""], [:], "--language"),
            ([], ["TMDB_API_KEY": "x"], "TMDB_API_KEY is not a TMDB API key"),
            ([], ["TMDB_ACCESS_TOKEN": "x"], "TMDB_ACCESS_TOKEN is not a TMDB access token"),
            ([], ["TMDB_BASE_URL": "ftp://example.com"], "TMDB_BASE_URL"),
            ([], ["TMDB_LANGUAGE": "klingon"], "TMDB_LANGUAGE"),
            (["--keys", "down dwn"], [:], "dwn"),
            (["--images", "sixel"], [:], "--images"),
            (["--images"], [:], "--images"),
        ]

    @Test("L4: bad input is a usage error that says what was wrong", arguments: badInputs.indices)
    func badInputIsAUsageError(index: Int) {
        let (arguments, environment, mentions) = Self.badInputs[index]
        #expect {
            try MovieApp.makeLaunch(arguments: arguments, environment: environment)
        } throws: { error in
            (error as? UsageError)?.message.contains(mentions) == true
        }
    }

    /// L3: what TMDB takes, an ISO 639-1 language with or without a region in any case, is
    /// taken and written one way; --help says so.
    @Test(
        "L3: --language and TMDB_LANGUAGE take ISO 639-1, region optional, any case",
        arguments: [
            ("ko-KR", "ko-KR"), ("KO-kr", "ko-KR"), ("ko-kr", "ko-KR"), ("ko", "ko"), ("KO", "ko"),
            ("pt-br", "pt-BR"), ("en", "en"),
        ])
    func languageIsNormalised(given: String, used: String) throws {
        let option = try MovieApp.makeLaunch(arguments: ["--language", given], environment: [:])
        #expect(option.configuration.language == used)
        let variable = try MovieApp.makeLaunch(
            arguments: [], environment: ["TMDB_LANGUAGE": given])
        #expect(variable.configuration.language == used)
    }

    @Test("L4: --help says which language codes --language takes")
    func helpSaysWhichLanguagesAreTaken() {
        let usage = MovieApp.usage(command: "mvc")
        #expect(usage.contains("ISO 639-1"))
        #expect(usage.contains("any case"))
    }

    @Test("L8: a usage error never repeats a credential")
    func usageErrorHidesCredential() {
        #expect {
            try MovieApp.makeLaunch(
                arguments: [], environment: ["TMDB_BASE_URL": "not a url?api_key=SECRET-42"])
        } throws: { error in
            !"\(error)".contains("SECRET-42")
        }
    }

    @Test("E2: help lists the keys, the data source and TMDB's notice")
    func help() {
        let help = MovieApp.help(for: Configuration())
        #expect(help.entries.contains { $0.keys.contains("Enter") })
        #expect(help.notes.contains { $0.contains("sample data") })
        #expect(help.notes.contains(MovieApp.attribution))
        let usage = MovieApp.usage(command: "mvc")
        #expect(usage.contains("Usage: mvc"))
        #expect(usage.contains("TMDB_ACCESS_TOKEN"))
    }
}
