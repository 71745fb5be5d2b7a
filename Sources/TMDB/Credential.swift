/// How the app proves who it is to TMDB. `description` never contains the secret (L8).
///
/// TMDB accepts either credential equally; the access token ("API Read Access Token") travels
/// in a header, the v3 key in the query string. Both are secrets, so every textual form of
/// this type names only where the secret came from.
public enum Credential: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// Sent as `Authorization: Bearer <token>`; read from `TMDB_ACCESS_TOKEN`.
    case accessToken(String)
    /// Sent as the query item `api_key=<key>`; read from `TMDB_API_KEY`.
    case apiKey(String)

    /// The environment variable this kind of credential is read from, for messages.
    public var environmentVariable: String {
        switch self {
        case .accessToken: "TMDB_ACCESS_TOKEN"
        case .apiKey: "TMDB_API_KEY"
        }
    }

    /// The secret itself. Internal so that only request building and redaction see it.
    var secret: String {
        switch self {
        case .accessToken(let token): token
        case .apiKey(let key): key
        }
    }

    public var description: String {
        switch self {
        case .accessToken: "access token from TMDB_ACCESS_TOKEN (redacted)"
        case .apiKey: "API key from TMDB_API_KEY (redacted)"
        }
    }

    public var debugDescription: String { "Credential(\(description))" }

    /// `dump(_:)` and debuggers use the mirror; an empty one keeps the secret out of them too.
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .enum) }
}
