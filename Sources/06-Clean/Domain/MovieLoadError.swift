/// Why movies could not be loaded, in the app's terms. Data turns every failure of its
/// source into one of these, so no layer above it ever sees a TMDB error.
public enum MovieLoadError: Error, Equatable, Sendable {
    /// Whoever asked stopped waiting; nobody shows this one.
    case cancelled
    /// Anything else, with what went wrong in one sentence for the user (T9).
    case failed(message: String)
}
