import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension TMDBClient {
    /// The bytes of the image at `url` (a poster under `configuration.imageBaseURL`), through
    /// the same session, timeout, redirect rule and error words as every API call (P5).
    ///
    /// The request carries no credential of any kind: no `Authorization`, no `api_key`, even
    /// when the image host is the API's own. A redirect the session's guard does not follow
    /// comes back as `redirectRefused`; cancelling the caller aborts the transfer (E1, P7).
    public func imageData(at url: URL) async throws(TMDBError) -> Data {
        var request = URLRequest(url: url, timeoutInterval: configuration.requestTimeout)
        request.httpMethod = "GET"
        request.setValue("image/jpeg", forHTTPHeaderField: "Accept")
        if configuration.usesSampleData {
            let field = SampleDataURLProtocol.latencyHeaderField(for: configuration.sampleLatency)
            request.setValue(field.value, forHTTPHeaderField: field.name)
        }
        if Task.isCancelled { throw .cancelled }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await Transfer(request, on: session).response()
        } catch {
            throw Self.transportError(error, server: imageServerName)
        }
        if Task.isCancelled { throw .cancelled }
        guard let httpResponse = response as? HTTPURLResponse else {
            throw .unreadableResponse(detail: "the answer was not an HTTP response.")
        }
        switch httpResponse.statusCode {
        case 200..<300:
            return data
        case 300..<400:
            throw .redirectRefused(origin: redirectTarget(of: httpResponse))
        case 404:
            throw .notFound
        case 500...599:
            throw .serverError(status: httpResponse.statusCode)
        case let status:
            throw .requestRejected(
                status: status, message: HTTPURLResponse.localizedString(forStatusCode: status))
        }
    }

    /// The image host as messages name it: host and port, sanitised as `serverName` is.
    private var imageServerName: String {
        var imageHost = configuration
        imageHost.baseURL = configuration.imageBaseURL
        return imageHost.serverName
    }

    /// Where a 3xx pointed, as "http://host:port", sanitised; the guard followed none of it.
    private func redirectTarget(of response: HTTPURLResponse) -> String {
        guard let location = response.value(forHTTPHeaderField: "Location"),
            let target = URL(string: location, relativeTo: response.url)?.absoluteURL,
            let origin = Origin(target)
        else { return "a URL that is not http(s)" }
        var named = configuration
        named.baseURL = target
        return "\(origin.scheme)://\(named.serverName)"
    }
}
