import Foundation
import MovieDomain

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Every way a TMDB call can fail. The words a screen shows are not here: `reason` tells the
/// failure in the app's terms, and MoviePresentation words it (T9).
///
/// No case carries a URL, a header or a credential, so printing an error can never leak the
/// API key (L8): a server is named by its host and port alone; texts that come from outside
/// (TMDB's `status_message`, decoding details, the host) are redacted and flattened to one
/// line before they get here.
public enum TMDBError: LoadFailure, Sendable, Equatable {
    /// The system says there is no network at all (not connected, roaming off).
    case offline
    /// No connection to `server` ("127.0.0.1:8080") could be made. Refused or no route: Linux
    /// reports both the same way, so the case claims neither (T9).
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

    /// The failure in the app's terms, which the screens word (T9); nil for `cancelled`.
    public var reason: LoadFailureReason? {
        switch self {
        case .offline: .offline
        case .cannotConnect(let server): .cannotConnect(server: server)
        case .serverNotFound(let server): .serverNotFound(server: server)
        case .secureConnectionFailed(let server): .secureConnectionFailed(server: server)
        case .unreachable(let server): .unreachable(server: server)
        case .connectionLost: .connectionLost
        case .timedOut: .timedOut
        case .credentialRejected(let variable): .credentialRejected(variable: variable)
        case .notFound: .notFound
        case .rateLimited(let retryAfter): .rateLimited(retryAfter: retryAfter)
        case .serverError(let status): .serverError(status: status)
        case .requestRejected(let status, let message):
            .requestRejected(status: status, message: message)
        case .unreadableResponse(let detail): .unreadableResponse(detail: detail)
        case .redirectRefused(let origin): .redirectRefused(origin: origin)
        case .tooManyRedirects(let server): .tooManyRedirects(server: server)
        case .cancelled: nil
        }
    }
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
