/// Every way a TMDB call can fail, in the words a screen shows (T9).
///
/// No case carries a URL, a header or a credential, so printing an error can never leak the
/// API key (L8); texts that come from outside (TMDB's `status_message`, decoding details)
/// are redacted and flattened to one line before they get here.
public enum TMDBError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not connected, host unreachable, DNS failed, connection lost.
    case offline
    case timedOut
    /// 401 (codes 3, 7, 10). Names the environment variable the credential came from.
    case credentialRejected(variable: String?)
    /// 404: no such movie, or a path TMDB does not know (code 34).
    case notFound
    /// 429 after the retries of `RetryPolicy` are used up (E6).
    case rateLimited(retryAfter: Int?)
    /// 5xx.
    case serverError(status: Int)
    /// Any other 4xx, e.g. 400 code 22 for a page beyond 500; `message` is TMDB's own.
    case requestRejected(status: Int, message: String)
    /// The body was not the JSON expected: the coding path and what was wrong, or "HTML".
    case unreadableResponse(detail: String)
    /// The caller stopped waiting (the task was cancelled); screens ignore this one.
    case cancelled

    /// One line in plain words for the screens, e.g. "TMDB rejected the API key in TMDB_API_KEY."
    public var message: String {
        switch self {
        case .offline:
            return "Can't reach TMDB: you seem to be offline."
        case .timedOut:
            return "TMDB took too long to answer."
        case .credentialRejected(let variable?):
            let kind = variable == "TMDB_ACCESS_TOKEN" ? "access token" : "API key"
            return "TMDB rejected the \(kind) in \(variable)."
        case .credentialRejected(nil):
            return "TMDB rejected the request: set TMDB_ACCESS_TOKEN or TMDB_API_KEY."
        case .notFound:
            return "TMDB has no such movie or page."
        case .rateLimited(let seconds?):
            return "TMDB is limiting requests; try again in \(seconds) s."
        case .rateLimited(nil):
            return "TMDB is limiting requests; try again shortly."
        case .serverError(let status):
            return "TMDB had a server error (HTTP \(status))."
        case .requestRejected(let status, let message):
            return message.isEmpty
                ? "TMDB refused the request (HTTP \(status))."
                : "TMDB refused the request (HTTP \(status)): \(message)"
        case .unreadableResponse(let detail):
            return "TMDB's answer could not be read: \(detail)"
        case .cancelled:
            return "The request was cancelled."
        }
    }

    public var description: String { message }
}
