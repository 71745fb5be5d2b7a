/// The posters a list fetches ahead (P7), in the manner of Nuke's `ImagePrefetcher` behind
/// `UITableViewDataSourcePrefetching`: told the posters wanted now, it asks for those that
/// are new and cancels those no longer wanted, and `stop()` cancels them all.
///
/// The window a list gives it holds the selected row's poster too, not only the rows below:
/// when the selection moves onto a row fetched ahead, that download must go on until the
/// pane's own request for it has joined it, and it is cancelled only once the selection has
/// left the row behind.
@MainActor
public final class PosterPrefetcher {
    private let prefetch: ([String]) -> Void
    private let cancelPrefetching: ([String]) -> Void
    /// The poster paths asked for and not cancelled, in the order they were asked for.
    public private(set) var posterPaths: [String] = []

    /// `prefetch` and `cancelPrefetching` take poster paths ("/abc.jpg"): an image loader's,
    /// or a use case's.
    public init(
        prefetch: @escaping ([String]) -> Void, cancelPrefetching: @escaping ([String]) -> Void
    ) {
        self.prefetch = prefetch
        self.cancelPrefetching = cancelPrefetching
    }

    /// Wants `window` ahead from now on: what is new in it is asked for, first come first
    /// served, and what left it is cancelled.
    public func update(_ window: [String]) {
        let left = posterPaths.filter { !window.contains($0) }
        let entered = window.filter { !posterPaths.contains($0) }
        posterPaths = window
        if !left.isEmpty { cancelPrefetching(left) }
        if !entered.isEmpty { prefetch(entered) }
    }

    /// Wants nothing ahead any more: the screen went, or its pane.
    public func stop() {
        update([])
    }
}
