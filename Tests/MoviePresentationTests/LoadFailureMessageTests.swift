import MovieDomain
import MoviePresentation
import Testing

/// T9: the sentence for each reason a load fails is MoviePresentation's, so every step shows
/// the same one.
@Suite struct LoadFailureMessageTests {
    /// One of each case: the user is told each apart.
    static let reasons: [LoadFailureReason] = [
        .offline, .cannotConnect(server: "127.0.0.1:8080"),
        .serverNotFound(server: "tmdb.example:443"),
        .secureConnectionFailed(server: "api.themoviedb.org:443"),
        .unreachable(server: "[::1]:8080"), .connectionLost, .timedOut,
        .credentialRejected(variable: "TMDB_API_KEY"), .notFound, .rateLimited(retryAfter: nil),
        .serverError(status: 502), .requestRejected(status: 400, message: "Invalid page."),
        .unreadableResponse(detail: "the server sent an HTML page, not JSON."),
        .redirectRefused(origin: "http://127.0.0.2:8080"),
        .tooManyRedirects(server: "127.0.0.1:8080"),
    ]

    @Test("T9: every reason reads as one plain line of its own")
    func everyReasonReadsAsOnePlainLineOfItsOwn() {
        let messages = Self.reasons.map(\.message)
        for message in messages {
            #expect(!message.isEmpty && !message.contains("\n"), "\(message)")
            #expect(message.count < 120, "\(message)")
        }
        #expect(Set(messages).count == Self.reasons.count, "two reasons read alike: \(messages)")
    }

    @Test(
        "T9: a rejected credential names the variable it came from, or both when none",
        arguments: [
            ("TMDB_API_KEY", "TMDB rejected the API key in TMDB_API_KEY."),
            ("TMDB_ACCESS_TOKEN", "TMDB rejected the access token in TMDB_ACCESS_TOKEN."),
            (nil, "TMDB rejected the request: set TMDB_ACCESS_TOKEN or TMDB_API_KEY."),
        ] as [(String?, String)])
    func aRejectedCredentialNamesItsVariable(variable: String?, message: String) {
        #expect(LoadFailureReason.credentialRejected(variable: variable).message == message)
    }

    @Test(
        "E6: a wait of seconds is said as TMDB asked it; a longer one in its largest unit, rounded up",
        arguments: [
            (nil, "TMDB is limiting requests; try again shortly."),
            (0, "TMDB is limiting requests; try again shortly."),
            (59, "TMDB is limiting requests (it asked for 59 s); try again shortly."),
            (60, "TMDB is limiting requests; try again in 1 min."),
            (61, "TMDB is limiting requests; try again in 2 min."),
            (3600, "TMDB is limiting requests; try again in 1 h."),
            (3601, "TMDB is limiting requests; try again in 2 h."),
        ] as [(Int?, String)])
    func aRateLimitSaysTheWait(retryAfter: Int?, message: String) {
        #expect(LoadFailureReason.rateLimited(retryAfter: retryAfter).message == message)
    }

    @Test("T9: an error reads as its reason; one with none was cancelled, which no screen shows")
    func anErrorReadsAsItsReason() {
        struct Failure: LoadFailure {
            var reason: LoadFailureReason?
        }
        #expect(Failure(reason: .timedOut).message == "TMDB took too long to answer.")
        #expect(Failure(reason: nil).message == "The request was cancelled.")
    }
}
