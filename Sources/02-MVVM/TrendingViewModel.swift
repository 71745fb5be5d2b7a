import Foundation
import MovieFormatting
import Observation
import TMDB

/// The trending list's state and logic. It fetches through the shared client, keeps the
/// state and formats every value; it knows nothing of how the screen is drawn.
@MainActor
@Observable
final class TrendingViewModel {
    /// One row, ready to show.
    struct Row: Equatable {
        let rank: String
        let title: String
        let year: String
        let rating: String
    }

    /// The message in place of the list: an error, or an empty first page.
    struct Message: Equatable {
        let text: String
        let hint: String
        let isError: Bool
    }

    /// What the bottom line says.
    enum Footer: Equatable {
        case hint(String)
        case loadingMore
        case failed(String)
        case ended(String)
    }

    // MARK: State

    private var timeWindow: TimeWindow
    private var movies: [Movie] = []
    private var lastLoadedPage = 0
    private var lastAvailablePage = 1
    private var isLoading = false
    private var loadError: TMDBError?
    @ObservationIgnored private var loadTask: Task<Void, Never>?
    private(set) var selectedRow = 0

    init(timeWindow: TimeWindow) {
        self.timeWindow = timeWindow
    }

    // MARK: Input

    /// Call once, when the screen is first shown.
    func viewDidLoad() {
        reload()
    }

    /// Call when the user switches between today and this week (T10).
    func toggleTimeWindow() {
        timeWindow = timeWindow == .week ? .day : .week
        reload()
    }

    /// `r` retries a failed next page and keeps the list (T9); otherwise it reloads (T10).
    func retry() {
        if loadError != nil && !movies.isEmpty {
            loadNextPage()
        } else {
            reload()
        }
    }

    /// Call whenever the selection moves.
    func selectionDidMove(to row: Int) {
        selectedRow = row
        loadNextPageIfNeeded()
    }

    /// The movie behind a row, for opening its detail.
    func movie(at row: Int) -> Movie {
        movies[row]
    }

    // MARK: Loading

    /// Starts over from page 1 (T10); a request still in flight is cancelled and ignored (E1).
    private func reload() {
        loadTask?.cancel()
        movies = []
        lastLoadedPage = 0
        lastAvailablePage = 1
        isLoading = false
        loadError = nil
        selectedRow = 0
        loadNextPage()
    }

    /// Requests the page after the last one loaded, unless one is loading or none is left (T6, T8).
    private func loadNextPage() {
        guard !isLoading, lastLoadedPage < lastAvailablePage else { return }
        isLoading = true
        loadError = nil
        let timeWindow = timeWindow
        let page = lastLoadedPage + 1
        loadTask = Task { [weak self] in
            do throws(TMDBError) {
                let moviePage = try await TMDBClient.shared.trendingMovies(
                    timeWindow: timeWindow, page: page)
                guard !Task.isCancelled else { return }
                self?.append(moviePage, page: page)
            } catch {
                guard !Task.isCancelled else { return }
                self?.showLoadError(error)
            }
        }
    }

    /// T6: the next page is wanted once the selection is within 4 rows of the last movie
    /// (the last row is `count - 1`, so from row `count - 5` on).
    private func loadNextPageIfNeeded() {
        guard !movies.isEmpty, selectedRow >= movies.count - 5 else { return }
        loadNextPage()
    }

    /// T7: adult titles and movies already shown are left out, so ranks stay continuous.
    /// A page that adds nothing new asks for no more by itself: the user's next move does.
    private func append(_ moviePage: MoviePage, page: Int) {
        var shownIDs = Set(movies.map(\.id))
        let countBefore = movies.count
        for movie in moviePage.results.excludingAdult() where shownIDs.insert(movie.id).inserted {
            movies.append(movie)
        }
        lastLoadedPage = page
        lastAvailablePage = moviePage.lastAvailablePage
        isLoading = false
        if movies.count > countBefore {
            loadNextPageIfNeeded()
        }
    }

    private func showLoadError(_ error: TMDBError) {
        isLoading = false
        loadError = error
    }

    // MARK: Output

    var title: String { "Trending movies" }

    var subtitle: String {
        "\(MovieFormatter.name(of: timeWindow)) · \(TMDBClient.shared.configuration.dataSourceName)"
    }

    var position: String {
        movies.isEmpty ? "" : "\(selectedRow + 1) / \(movies.count)"
    }

    var rowCount: Int { movies.count }

    var isLoadingFirstPage: Bool { movies.isEmpty && isLoading }

    var message: Message? {
        guard movies.isEmpty && !isLoading else { return nil }
        if let loadError {
            return Message(text: loadError.message, hint: "r to retry", isError: true)
        }
        return Message(
            text: "No trending movies right now.", hint: "t switches between today and this week",
            isError: false)
    }

    var footer: Footer {
        if movies.isEmpty {
            return .hint("t today/this week · r reload · ? help · q quit")
        } else if isLoading {
            return .loadingMore
        } else if let loadError {
            return .failed("Couldn't load more: \(loadError.message) r to retry")
        } else if lastLoadedPage >= lastAvailablePage {
            return .ended("End of the list · \(MovieFormatter.movieCount(movies.count))")
        } else {
            return .hint("↑↓ move · enter open · / search · t today/this week · ? help · q quit")
        }
    }

    func row(at index: Int) -> Row {
        let movie = movies[index]
        return Row(
            rank: "\(index + 1)",
            title: movie.title,
            year: MovieFormatter.year(of: movie.releaseDate),
            rating: MovieFormatter.rating(average: movie.voteAverage, count: movie.voteCount))
    }
}
