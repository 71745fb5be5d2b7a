/// Credentials with the shapes of TMDB's own, which a launch checks before it sends anything
/// (L8): what a test that starts an app with a credential sets. Each is a sentinel too: no
/// text ever contains it by chance, so finding it in output is a leak.
public enum TestCredentials {
    /// 32 hexadecimal characters, as a v3 API key is.
    public static let apiKey = "5e471e1c0ffee5ca1ab1e5e471e1c0ff"
    /// A JSON Web Token, as an API Read Access Token is: three base64url parts, "eyJ…".
    public static let accessToken =
        "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJzZW50aW5lbCIsInNjb3BlcyI6WyJhcGlfcmVhZCJdfQ"
        + ".5e471e1c0ffee5ca1ab1e5e471e1c0ffSENTINEL"

    /// The credential to set in `variable`, "TMDB_API_KEY" or "TMDB_ACCESS_TOKEN".
    public static func value(for variable: String) -> String {
        variable == "TMDB_ACCESS_TOKEN" ? accessToken : apiKey
    }
}
