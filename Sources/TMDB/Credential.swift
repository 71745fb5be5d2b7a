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

    /// Why this cannot be one of TMDB's credentials, in one line that names the variable and
    /// not the value; nil when it has their shape. A v3 API key is 32 hexadecimal characters;
    /// an access token is a JSON Web Token, three base64url parts joined by dots, the first
    /// "eyJ…" (a JSON header). Checked at launch, so that a mistyped value is a usage error
    /// before anything is sent, and the value redacted from messages is never a short string
    /// that ordinary text contains (L8).
    public var shapeProblem: String? {
        switch self {
        case .apiKey(let key):
            let isKey = key.utf8.count == 32 && key.utf8.allSatisfy(Self.isHexadecimalByte)
            return isKey
                ? nil : "TMDB_API_KEY is not a TMDB API key: those are 32 hexadecimal characters."
        case .accessToken(let token):
            let parts = token.split(separator: ".", omittingEmptySubsequences: false)
            let isToken =
                parts.count == 3 && token.hasPrefix("eyJ")
                && parts.allSatisfy { part in
                    !part.isEmpty && part.utf8.allSatisfy(Self.isBase64URLByte)
                }
            return isToken
                ? nil
                : "TMDB_ACCESS_TOKEN is not a TMDB access token: those are long JWTs, eyJ….….…"
        }
    }

    private static func isHexadecimalByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
            UInt8(ascii: "A")...UInt8(ascii: "F"):
            true
        default: false
        }
    }

    private static func isBase64URLByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default: false
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
