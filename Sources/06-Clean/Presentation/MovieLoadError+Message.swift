import CleanDomain
import MovieDomain

/// What the screen says of a failure: Presentation's words, so that Domain holds none.
extension MovieLoadError: LoadFailure {
    public var message: String {
        switch self {
        case .cancelled: "The request was cancelled."
        case .failed(let message): message
        }
    }
}
