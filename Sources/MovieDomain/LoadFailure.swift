/// Why movies could not be loaded, in the app's terms but not in the user's words: each screen
/// words a reason with MoviePresentation (T9), so the sentence the user reads is written
/// once, and neither the networking module nor step 06's Domain holds it.
public enum LoadFailureReason: Sendable, Equatable {
    /// The system says there is no network at all (not connected, roaming off).
    case offline
    /// No connection to `server` ("127.0.0.1:8080") could be made. Refused or no route: Linux
    /// reports both the same way, so the reason claims neither (T9).
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
    /// The credential was refused; `variable` is the environment variable it came from, if any.
    case credentialRejected(variable: String?)
    /// There is no such movie or page.
    case notFound
    /// The source limits requests and still did after its retries (E6); `retryAfter` is the
    /// wait in seconds it asked for, if it said.
    case rateLimited(retryAfter: Int?)
    /// The server failed (HTTP 5xx).
    case serverError(status: Int)
    /// The server refused the request (any other 4xx); `message` is its own, redacted and on
    /// one line, or "" when it gave none.
    case requestRejected(status: Int, message: String)
    /// The answer was not what was expected: the coding path and what was wrong, or "HTML".
    case unreadableResponse(detail: String)
    /// A redirect to another server (`origin`) was not followed: the credential is only ever
    /// sent to the configured host (L3, L8).
    case redirectRefused(origin: String)
    /// `server` redirected the request again and again within itself until it was given up.
    case tooManyRedirects(server: String)
}

/// An error that can say why the movies did not come, so that a screen can word it without
/// importing the code that failed: the networking module's error is one, and so is step 06's.
public protocol LoadFailure: Error {
    /// Why the load failed; nil when whoever asked stopped waiting, which no screen shows.
    var reason: LoadFailureReason? { get }
}
