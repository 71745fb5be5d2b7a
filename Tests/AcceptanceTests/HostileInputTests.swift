import Foundation
import PseudoTerminal
import Steps
import TMDB
import TMDBTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The real binaries against hostile servers, arguments, environments and devices: the
/// credential stays on its host (L3, L8), echoed input is sanitised (T4), and a script is never
/// told "success" for a screen it did not get (L6, L7, E6, T9). One test at a time, since each
/// launches the step binaries many times, but beside the in-process scenarios rather than after
/// them: a process shares no client with them.
@Suite("Hostile input", .serialized)
struct HostileInputTests {
    static let secrets = [TestCredentials.apiKey, TestCredentials.accessToken]
    static let credentialVariables = ["TMDB_API_KEY", "TMDB_ACCESS_TOKEN"]
    /// An OSC that retitles the terminal.
    static let retitle = "\u{1B}]2;PWNED\u{7}"

    static var page: StubResponse { Fixtures.page(1, of: 1, Fixtures.movies(1...3)) }

    /// Whether any request carried a secret, in the header or the query.
    static func carriesSecret(_ request: ScriptedHTTPServer.Request) -> Bool {
        secrets.contains { secret in
            request.headers["authorization"]?.contains(secret) == true
                || request.queryItems["api_key"] == secret
        }
    }

    /// C0 (a newline excepted), DEL and C1: what a terminal would act on.
    static func controlCharacters(in text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.filter { scalar in
            (scalar.value < 0x20 && scalar != "\n") || (0x7F...0x9F).contains(scalar.value)
        }
    }

    // MARK: - The credential stays on its host (issue: credential sent to another host)

    @Test(
        "L3 L8: a redirect to another host is refused in one line; the credential never goes there",
        arguments: Step.all, credentialVariables)
    func crossHostRedirectIsRefused(step: Step, variable: String) async throws {
        let port = PortBox()
        let server = try ScriptedHTTPServer { request in
            if request.path == "/probe" || request.path.hasPrefix("/elsewhere") {
                return .response(Self.page)
            }
            return .redirect(
                location: "http://localhost:\(port.value)/elsewhere\(request.target)")
        }
        defer { server.stop() }
        port.value = server.port
        // The other host is reachable: nothing arriving there then means it was not sent.
        let probeURL = try #require(URL(string: "http://localhost:\(server.port)/probe"))
        _ = try await URLSession.shared.data(from: probeURL)
        try #require(server.requests.contains { $0.host == "localhost:\(server.port)" })
        let probes = server.requests.count

        let result = try await RunResult.run(
            step.command, [],
            environment: [
                variable: TestCredentials.value(for: variable), "TMDB_BASE_URL": server.baseURL,
            ])

        #expect(result.status == 1)
        #expect(result.standardOutput.contains("Refused a redirect to another server"))
        let errorLines = result.standardError.split(separator: "\n")
        #expect(errorLines.count == 1)
        #expect(errorLines.first?.contains("localhost:\(server.port)") == true)
        #expect(!result.standardOutput.contains(TestCredentials.value(for: variable)))
        #expect(!result.standardError.contains(TestCredentials.value(for: variable)))
        let sent = server.requests.dropFirst(probes)
        #expect(!sent.isEmpty, "the configured host was asked")
        #expect(
            sent.allSatisfy { $0.host == "127.0.0.1:\(server.port)" }, "\(sent.map(\.host))")
        #expect(!sent.contains { $0.path.hasPrefix("/elsewhere") })
    }

    @Test(
        "L3: a redirect within the configured host still works, credential and all",
        arguments: Step.all, credentialVariables)
    func sameHostRedirectIsFollowed(step: Step, variable: String) async throws {
        let server = try ScriptedHTTPServer { request in
            request.path.hasPrefix("/moved")
                ? .response(Self.page) : .redirect(location: "/moved\(request.target)")
        }
        defer { server.stop() }

        let result = try await RunResult.run(
            step.command, [],
            environment: [
                variable: TestCredentials.value(for: variable), "TMDB_BASE_URL": server.baseURL,
            ])

        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("Movie 1"))
        #expect(server.requests.contains { $0.path.hasPrefix("/moved") })
        #expect(server.requests.allSatisfy(Self.carriesSecret))
    }

    // MARK: - A server that was reached (issue item 7)

    @Test(
        "T9: a reset connection or a short body says the connection was lost, not offline",
        arguments: Step.all, ["reset", "short body"])
    func brokenConnectionIsLost(step: Step, failure: String) async throws {
        let server = try ScriptedHTTPServer { _ in
            failure == "reset"
                ? .reset : .shortBody(declaredLength: 4096, body: #"{"page":1,"results":[{"#)
        }
        defer { server.stop() }

        let result = try await RunResult.run(
            step.command, [],
            environment: ["TMDB_API_KEY": TestCredentials.apiKey, "TMDB_BASE_URL": server.baseURL])

        #expect(result.status == 1)
        #expect(result.standardOutput.contains("Lost the connection to TMDB"))
        #expect(!result.standardOutput.contains("offline"))
        #expect(result.standardError.split(separator: "\n").count == 1)
        #expect(!server.requests.isEmpty, "the server was reached")
    }

    @Test(
        "E6: a Retry-After of an hour is reported at once, not waited out", arguments: Step.all)
    func longRetryAfterIsReported(step: Step) async throws {
        let server = try ScriptedHTTPServer { _ in
            .response(
                .tmdbError(
                    statusCode: 429, code: 25, message: "Your request count is over the limit.",
                    headers: ["Retry-After": "3600"]))
        }
        defer { server.stop() }

        let result = try await RunResult.run(
            step.command, [],
            environment: ["TMDB_API_KEY": TestCredentials.apiKey, "TMDB_BASE_URL": server.baseURL])

        #expect(result.status == 1)
        #expect(result.standardOutput.contains("try again in 1 h"))
        #expect(server.requests.count == 1, "no retry was waited for")
    }

    // MARK: - What usage errors echo (issue item 2)

    /// Arguments and environment whose usage error echoes a control sequence.
    static let injections: [(arguments: [String], environment: [String: String])] = [
        (["--language", retitle], [:]),
        ([], ["TMDB_LANGUAGE": retitle]),
        (["--window", retitle], [:]),
        (["--fr\(retitle)ob"], [:]),
        (["--keys", "down d\(retitle)wn"], [:]),
        (["--latency", "\u{1B}[31m9"], [:]),
        (["ex\u{7}tra\u{9B}2J"], [:]),
    ]

    @Test(
        "T4 L4: a usage error echoes argv and the environment sanitised",
        arguments: Step.all, injections.indices)
    func usageErrorsAreSanitised(step: Step, injection: Int) async throws {
        let (arguments, environment) = Self.injections[injection]
        let result = try await RunResult.run(step.command, arguments, environment: environment)
        #expect(result.status == 2)
        #expect(
            result.standardError.split(separator: "\n").count == 2, "\(result.standardError)")
        #expect(Self.controlCharacters(in: result.standardError).isEmpty)
        #expect(!result.standardError.contains("PWNED"))
        #expect(result.standardOutput.isEmpty)
    }

    static let longValue = String(repeating: "x", count: 5000)
    static let longEchoes: [(arguments: [String], environment: [String: String])] = [
        (["--language", longValue], [:]),
        ([], ["TMDB_LANGUAGE": longValue]),
        (["--window", longValue], [:]),
        (["--\(longValue)"], [:]),
        (["--keys", "down \(longValue)"], [:]),
        (["--latency", longValue], [:]),
        ([longValue], [:]),
    ]

    @Test("L4: a long echoed value is cut", arguments: Step.all, longEchoes.indices)
    func longEchoesAreCut(step: Step, echo: Int) async throws {
        let (arguments, environment) = Self.longEchoes[echo]
        let result = try await RunResult.run(step.command, arguments, environment: environment)
        #expect(result.status == 2)
        let lines = result.standardError.split(separator: "\n")
        #expect(lines.count == 2)
        let first = String(lines.first ?? "")
        #expect(first.contains("xxxxxxxx…"))
        #expect(first.count < 250, "\(first.count) characters")
    }

    // MARK: - No false successes (issue items 3 and 7)

    static let printModes: [[String]] = [[], ["--keys", "down"], ["--help"]]

    @Test(
        "L6 L7 L4: a failed write to standard output is one line on stderr and exit 4",
        .enabled(if: FileManager.default.fileExists(atPath: "/dev/full")),
        arguments: Step.all, printModes)
    func fullDeviceIsAnError(step: Step, arguments: [String]) async throws {
        let result = try await Self.runWritingTo("/dev/full", step.command, arguments)
        #expect(result.status == 4)
        let lines = result.standardError.split(separator: "\n")
        #expect(lines.count == 1, "\(result.standardError)")
        #expect(lines.first?.hasPrefix("Could not write to standard output") == true)
    }

    @Test(
        "L6 L7: below 40×10 a print mode exits 3: the screen was not shown",
        arguments: Step.all, [[], ["--keys", "down"]])
    func tooSmallIsNotShown(step: Step, arguments: [String]) async throws {
        let result = try await RunResult.run(
            step.command, arguments, environment: ["COLUMNS": "39", "LINES": "10"])
        #expect(result.status == 3)
        #expect(result.standardOutput.contains("Terminal too small"))
        let lines = result.standardError.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.contains("not shown") == true)

        let short = try await RunResult.run(
            step.command, arguments, environment: ["COLUMNS": "40", "LINES": "9"])
        #expect(short.status == 3)
        let smallest = try await RunResult.run(
            step.command, arguments, environment: ["COLUMNS": "40", "LINES": "10"])
        #expect(smallest.status == 0, "40×10 is big enough")
        #expect(!smallest.standardOutput.contains("Terminal too small"))
    }

    /// Runs the product with standard output going to `path` (e.g. /dev/full).
    static func runWritingTo(_ path: String, _ command: String, _ arguments: [String])
        async throws -> RunResult
    {
        try await RunResult.run(command, arguments, outputPath: path)
    }
}

/// A server's own port, for the redirects it answers with; known once it listens.
private final class PortBox: Sendable {
    private let stored = Locked<UInt16>(0)
    var value: UInt16 {
        get { stored.withLock { $0 } }
        set { stored.withLock { $0 = newValue } }
    }
}
