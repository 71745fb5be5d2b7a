import MovieDomain

extension LoadFailureReason {
    /// One line in plain words for the screens, e.g. "TMDB rejected the API key in TMDB_API_KEY."
    public var message: String {
        switch self {
        case .offline:
            return "Can't reach TMDB: you seem to be offline."
        case .cannotConnect(let server):
            return "Couldn't connect to \(server)."
        case .serverNotFound(let server):
            return "Couldn't look up \(server)."
        case .secureConnectionFailed(let server):
            return "Couldn't make a secure connection to \(server)."
        case .unreachable(let server):
            return "Couldn't reach \(server)."
        case .connectionLost:
            return "Lost the connection to TMDB before its answer was complete."
        case .timedOut:
            return "TMDB took too long to answer."
        case .credentialRejected(let variable?):
            let kind = variable == "TMDB_ACCESS_TOKEN" ? "access token" : "API key"
            return "TMDB rejected the \(kind) in \(variable)."
        case .credentialRejected(nil):
            return "TMDB rejected the request: set TMDB_ACCESS_TOKEN or TMDB_API_KEY."
        case .notFound:
            return "TMDB has no such movie or page."
        case .rateLimited(let seconds?) where seconds >= 60:
            return "TMDB is limiting requests; try again in \(Self.waitText(seconds: seconds))."
        case .rateLimited(let seconds?) where seconds > 0:
            // The message stays on screen without counting down: a wait in seconds is said as
            // what TMDB asked, which stays true, and not as a time from now, which would not.
            return "TMDB is limiting requests (it asked for \(seconds) s); try again shortly."
        case .rateLimited:
            return "TMDB is limiting requests; try again shortly."
        case .serverError(let status):
            return "TMDB had a server error (HTTP \(status))."
        case .requestRejected(let status, let message):
            return message.isEmpty
                ? "TMDB refused the request (HTTP \(status))."
                : "TMDB refused the request (HTTP \(status)): \(message)"
        case .unreadableResponse(let detail):
            return "TMDB's answer could not be read: \(detail)"
        case .redirectRefused(let origin):
            return
                "Refused a redirect to another server (\(origin)): the credential goes only to the configured host."
        case .tooManyRedirects(let server):
            return "\(server) redirected the request too many times."
        }
    }

    /// "7 s", "2 min", "1 h": a wait in the largest unit that fits, rounded up (E6).
    static func waitText(seconds: Int) -> String {
        func roundedUp(_ value: Int, by unit: Int) -> Int {
            value / unit + (value % unit == 0 ? 0 : 1)
        }
        if seconds < 60 { return "\(max(seconds, 0)) s" }
        if seconds < 3600 { return "\(roundedUp(seconds, by: 60)) min" }
        return "\(roundedUp(seconds, by: 3600)) h"
    }
}

extension LoadFailure {
    /// What the screen says of the failure: its reason's words.
    public var message: String { reason?.message ?? "The request was cancelled." }
}
