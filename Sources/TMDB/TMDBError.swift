import Foundation
import MovieDomain

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Every way a TMDB call can fail, in the words a screen shows (T9).
///
/// No case carries a URL, a header or a credential, so printing an error can never leak the
/// API key (L8): a server is named by its host and port alone; texts that come from outside
/// (TMDB's `status_message`, decoding details, the host) are redacted and flattened to one
/// line before they get here.
public enum TMDBError: LoadFailure, Sendable, Equatable, CustomStringConvertible {
    /// The system says there is no network at all (not connected, roaming off).
    case offline
    /// No connection to `server` ("127.0.0.1:8080") could be made. Refused or no route: Linux
    /// reports both the same way, so the message claims neither (T9).
    case cannotConnect(server: String)
    /// The name of `server` could not be looked up (DNS).
    case serverNotFound(server: String)
    /// No secure (TLS) connection to `server` could be made: its certificate, or the handshake.
    case secureConnectionFailed(server: String)
    /// Any other failure before `server` answered.
    case unreachable(server: String)
    /// The server was reached, but the connection broke (a reset, a body cut short).
    case connectionLost
    case timedOut
    /// 401 (codes 3, 7, 10). Names the environment variable the credential came from.
    case credentialRejected(variable: String?)
    /// 404: no such movie, or a path TMDB does not know (code 34).
    case notFound
    /// 429 after the retries of `RetryPolicy` are used up (E6), with TMDB's `Retry-After`.
    case rateLimited(retryAfter: Int?)
    /// 5xx.
    case serverError(status: Int)
    /// Any other 4xx, e.g. 400 code 22 for a page beyond 500; `message` is TMDB's own.
    case requestRejected(status: Int, message: String)
    /// The body was not the JSON expected: the coding path and what was wrong, or "HTML".
    case unreadableResponse(detail: String)
    /// A redirect to another server (`origin`, e.g. "http://127.0.0.2:8080") was not
    /// followed: the credential is only ever sent to the configured host (L3, L8).
    case redirectRefused(origin: String)
    /// `server` redirected the request again and again within itself (a redirect loop) until
    /// the session gave up following.
    case tooManyRedirects(server: String)
    /// The caller stopped waiting (the task was cancelled); screens ignore this one.
    case cancelled

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
        case .cancelled:
            return "The request was cancelled."
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

    public var description: String { message }
}

extension TMDBError {
    /// What a transport failure before any answer says (T9), about `server` as
    /// `Configuration.serverName` names it: "offline" only when the system reports no network
    /// at all; otherwise what failed (the connection, the name, the secure connection) and
    /// where, and nothing it does not know.
    init(connectionFailure code: URLError.Code, server: String) {
        switch code {
        case .notConnectedToInternet, .internationalRoamingOff, .dataNotAllowed, .callIsActive:
            self = .offline
        case .cannotConnectToHost:
            self = .cannotConnect(server: server)
        case .cannotFindHost, .dnsLookupFailed:
            self = .serverNotFound(server: server)
        case .secureConnectionFailed, .serverCertificateHasBadDate, .serverCertificateUntrusted,
            .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid,
            .clientCertificateRejected, .clientCertificateRequired:
            self = .secureConnectionFailed(server: server)
        default:
            self = .unreachable(server: server)
        }
    }
}
