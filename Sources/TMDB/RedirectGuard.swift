import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Scheme, host and port: the server a URL names. A credential is only ever sent to the
/// configured one (L3, L8).
struct Origin: Sendable, Equatable, CustomStringConvertible {
    var scheme: String
    var host: String
    var port: Int

    /// nil for a URL without an http(s) scheme or a host.
    init?(_ url: URL) {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(),
            !host.isEmpty
        else { return nil }
        let defaultPort: Int
        switch scheme {
        case "http": defaultPort = 80
        case "https": defaultPort = 443
        default: return nil
        }
        self.scheme = scheme
        self.host = host
        self.port = url.port ?? defaultPort
    }

    /// "http://127.0.0.2:8080", the port only when it is not the scheme's default.
    var description: String {
        let isDefaultPort = (scheme == "http" && port == 80) || (scheme == "https" && port == 443)
        return isDefaultPort ? "\(scheme)://\(host)" : "\(scheme)://\(host):\(port)"
    }
}

/// Follows a redirect only to the configured origin, with the credential kept.
///
/// The two Foundations disagree on what a redirect's proposed request carries: Linux's copies
/// the original headers, `Authorization` included, to wherever the redirect points, while
/// Darwin's drops `Authorization` even for the same host. And a `Location` may carry the
/// `api_key` query item along. So a redirect to any other server is not followed: the 3xx
/// itself becomes the answer, and the client reports it (`TMDBError.redirectRefused`). A
/// redirect within the configured origin is followed with `Authorization` copied from the
/// original request, so that it arrives on both platforms. A poster's request, which carries
/// no credential, follows the same rule with its own origin, the image host's (P5).
final class RedirectGuard: NSObject, URLSessionTaskDelegate, Sendable {
    let allowedOrigin: Origin?

    init(baseURL: URL) {
        allowedOrigin = Origin(baseURL)
    }

    /// Whether a request to `url` may carry the credential.
    func allows(_ url: URL?) -> Bool {
        guard let url, let origin = Origin(url), let allowedOrigin else { return false }
        return origin == allowedOrigin
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(followed(request, from: task.originalRequest))
    }

    /// The request to send for a redirect to `proposed`, or nil when it is refused. An allowed
    /// one carries the original request's `Authorization`, whatever the platform left of it.
    func followed(_ proposed: URLRequest, from original: URLRequest?) -> URLRequest? {
        guard allows(proposed.url) || staysOnImageHost(proposed, from: original) else {
            return nil
        }
        var request = proposed
        if let authorization = original?.value(forHTTPHeaderField: "Authorization") {
            request.setValue(authorization, forHTTPHeaderField: "Authorization")
        }
        return request
    }

    /// Whether `proposed` is a redirect of a credential-free request within its own origin:
    /// a poster moved on the image host, never a request that carries `Authorization` or
    /// `api_key`.
    private func staysOnImageHost(_ proposed: URLRequest, from original: URLRequest?) -> Bool {
        guard let original, let originalURL = original.url,
            original.value(forHTTPHeaderField: "Authorization") == nil,
            let originalOrigin = Origin(originalURL), let proposedURL = proposed.url,
            Origin(proposedURL) == originalOrigin
        else { return false }
        let items = URLComponents(url: originalURL, resolvingAgainstBaseURL: false)?.queryItems
        return !(items ?? []).contains { $0.name == "api_key" }
    }
}
