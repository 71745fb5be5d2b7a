import Foundation
import Steps
import TMDBTestSupport
import Testing

/// A server that takes the request and never answers: a piped or scripted run ends with the
/// answer the timeout gives, never with success on a screen that still shows "Loading…"
/// (L6, L7, T9). `TMDB_TIMEOUT` shortens the wait to one second.
@Suite("Hung server")
struct HungServerTests {
    @Test(
        "L6 T9: a piped run against a server that never answers ends with the timeout's message, exit 1",
        arguments: Step.all)
    func hungServerEndsWithTheTimeout(step: Step) async throws {
        let server = try ScriptedHTTPServer { _ in .hang }
        defer { server.stop() }

        let result = try await RunResult.run(
            step.command, [],
            environment: [
                "TMDB_API_KEY": TestCredentials.apiKey, "TMDB_BASE_URL": server.baseURL,
                "TMDB_TIMEOUT": "1",
            ])

        #expect(result.status == 1)
        #expect(result.standardOutput.contains("TMDB took too long to answer."))
        #expect(!result.standardOutput.contains("Loading…"))
        #expect(result.standardError == "TMDB took too long to answer.\n")
        #expect(!server.requests.isEmpty, "the server was reached")
    }
}
