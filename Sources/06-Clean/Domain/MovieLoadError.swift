import MovieDomain

/// Why movies could not be loaded, in the app's terms. Data turns every failure of its
/// source into one of these, so no layer above it ever sees a TMDB error.
public enum MovieLoadError: LoadFailure, Equatable, Sendable {
    /// Whoever asked stopped waiting; nobody shows this one.
    case cancelled
    /// Anything else, with why in the app's terms, which MoviePresentation words (T9).
    case failed(LoadFailureReason)

    /// Why it failed, for Presentation to word; nil for a cancellation.
    public var reason: LoadFailureReason? {
        switch self {
        case .cancelled: nil
        case .failed(let reason): reason
        }
    }
}
