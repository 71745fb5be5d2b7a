import Foundation
import MovieFormatting
import TMDB
import ViewModelKit

/// The trending list as a mapping from what the user does (`Input`) to what the screen
/// shows (`Output`). It fetches through the shared client, keeps the state and formats
/// every value; it knows nothing of how the screen is drawn.
@MainActor
final class TrendingViewModel: ViewModelType {
    struct Input {
        /// Fires once, when the screen is first shown.
        let viewDidLoad: AsyncStream<Void>
        /// Fires when the user switches between today and this week (T10).
        let toggleWindow: AsyncStream<Void>
        /// Fires on `r`: retry a failed page, or reload (T9, T10).
        let retry: AsyncStream<Void>
        /// The selected row, whenever it moves.
        let selection: AsyncStream<Int>
        /// Fires on Enter with the row the user opened (T11).
        let selectMovie: AsyncStream<Int>
    }

    struct Output {
        /// Everything the screen shows, again after every change (RxSwift: a `Driver`).
        /// It never ends with an error: a failure is a state like any other.
        let state: AsyncStream<State>
        /// The movie to open, once for each Enter on a row the list still has (RxSwift: a
        /// `Signal`). It comes from the view model's movies, not from a state the screen may
        /// not have drawn yet.
        let selectedMovie: AsyncStream<Movie>
    }

    /// One screenful of display values.
    struct State {
        var title = "Trending movies"
        var subtitle = ""
        var position = ""
        var rows = Rows()
        /// Counts reloads, so that the screen can put the selection back at the top (T10)
        /// even when it never drew the empty list in between.
        var generation = 0
        var isLoadingFirstPage = false
        var message: Message?
        var footer = Footer.hint("")
    }

    /// One row, ready to show.
    struct Row: Equatable {
        let rank: String
        let title: String
        let year: String
        let rating: String
    }

    /// The rows, formatted only when one is asked for, so a new state costs the same with
    /// 20 movies as with 10,000.
    struct Rows: RandomAccessCollection {
        fileprivate var movies: [Movie] = []

        var startIndex: Int { movies.startIndex }
        var endIndex: Int { movies.endIndex }

        subscript(index: Int) -> Row {
            let movie = movies[index]
            return Row(
                rank: "\(index + 1)",
                title: movie.title,
                year: MovieFormatter.year(of: movie.releaseDate),
                rating: MovieFormatter.rating(average: movie.voteAverage, count: movie.voteCount))
        }

        /// The movie behind a row, for opening its detail.
        func movie(at index: Int) -> Movie {
            movies[index]
        }
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

    private var window: TrendingWindow
    private var movies: [Movie] = []
    private var lastLoadedPage = 0
    private var lastAvailablePage = 1
    /// True from the start: the screen shows it is loading until the first answer.
    private var isLoading = true
    private var loadError: TMDBError?
    private var loadTask: Task<Void, Never>?
    private var selectedRow = 0
    private var generation = 0
    private let (state, stateContinuation) = AsyncStream.makeStream(
        of: State.self, bufferingPolicy: .bufferingNewest(1))
    private let (selectedMovie, selectedMovieContinuation) = AsyncStream.makeStream(
        of: Movie.self)
    private let bag = TaskBag()

    init(window: TrendingWindow) {
        self.window = window
    }

    // MARK: Input

    func transform(input: Input) -> Output {
        Task { [weak self] in
            for await _ in input.viewDidLoad { self?.reload() }
        }.store(in: bag)
        Task { [weak self] in
            for await _ in input.toggleWindow { self?.toggleWindow() }
        }.store(in: bag)
        Task { [weak self] in
            for await _ in input.retry { self?.retry() }
        }.store(in: bag)
        Task { [weak self] in
            for await row in input.selection { self?.selectionDidMove(to: row) }
        }.store(in: bag)
        Task { [weak self] in
            for await row in input.selectMovie { self?.selectMovie(at: row) }
        }.store(in: bag)
        publish()
        return Output(state: state, selectedMovie: selectedMovie)
    }

    private func toggleWindow() {
        window = window == .week ? .day : .week
        reload()
    }

    /// `r` retries a failed next page and keeps the list (T9); otherwise it reloads (T10).
    private func retry() {
        if loadError != nil && !movies.isEmpty {
            loadNextPage()
        } else {
            reload()
        }
    }

    private func selectionDidMove(to row: Int) {
        // A move on a list that a reload has emptied since is a move on nothing.
        guard movies.indices.contains(row) else { return }
        selectedRow = row
        publish()
        loadNextPageIfNeeded()
    }

    /// T11: the movie on that row, if the list still has it (a reload may have emptied it).
    private func selectMovie(at row: Int) {
        guard movies.indices.contains(row) else { return }
        selectedMovieContinuation.yield(movies[row])
    }

    // MARK: Loading

    /// Starts over from page 1 (T10). Like RxSwift's `flatMapLatest`, a request still in
    /// flight is cancelled and its answer ignored (E1).
    private func reload() {
        loadTask?.cancel()
        movies = []
        lastLoadedPage = 0
        lastAvailablePage = 1
        isLoading = false
        loadError = nil
        selectedRow = 0
        generation += 1
        loadNextPage()
    }

    /// Requests the page after the last one loaded, unless one is loading or none is left (T6, T8).
    private func loadNextPage() {
        guard !isLoading, lastLoadedPage < lastAvailablePage else { return }
        isLoading = true
        loadError = nil
        let window = window
        let page = lastLoadedPage + 1
        loadTask = Task { [weak self] in
            do throws(TMDBError) {
                let moviePage = try await TMDBClient.shared.trendingMovies(
                    window: window, page: page)
                guard !Task.isCancelled else { return }
                self?.append(moviePage, page: page)
            } catch {
                guard !Task.isCancelled else { return }
                self?.showLoadError(error)
            }
        }
        publish()
    }

    /// T6: the next page is wanted once the selection is within 4 rows of the last movie
    /// (the last row is `count - 1`, so from row `count - 5` on).
    private func loadNextPageIfNeeded() {
        guard !movies.isEmpty, selectedRow >= movies.count - 5 else { return }
        loadNextPage()
    }

    /// T7: adult titles and movies already shown are left out, so ranks stay continuous.
    private func append(_ moviePage: MoviePage, page: Int) {
        var shownIDs = Set(movies.map(\.id))
        for movie in moviePage.results.excludingAdult() where shownIDs.insert(movie.id).inserted {
            movies.append(movie)
        }
        lastLoadedPage = page
        lastAvailablePage = moviePage.lastAvailablePage
        isLoading = false
        publish()
        loadNextPageIfNeeded()
    }

    /// The error becomes part of the state, so the output keeps flowing after it.
    private func showLoadError(_ error: TMDBError) {
        isLoading = false
        loadError = error
        publish()
    }

    // MARK: Output

    /// Sends the current state to the screen.
    private func publish() {
        stateContinuation.yield(
            State(
                subtitle:
                    "\(MovieFormatter.name(of: window)) · \(TMDBClient.shared.configuration.dataSourceName)",
                position: movies.isEmpty ? "" : "\(selectedRow + 1) / \(movies.count)",
                rows: Rows(movies: movies),
                generation: generation,
                isLoadingFirstPage: movies.isEmpty && isLoading,
                message: message,
                footer: footer))
    }

    private var message: Message? {
        guard movies.isEmpty && !isLoading else { return nil }
        if let loadError {
            return Message(text: loadError.message, hint: "r to retry", isError: true)
        }
        return Message(
            text: "No trending movies right now.", hint: "t switches between today and this week",
            isError: false)
    }

    private var footer: Footer {
        if movies.isEmpty {
            return .hint("t today/this week · r reload · ? help · q quit")
        } else if isLoading {
            return .loadingMore
        } else if let loadError {
            return .failed("Couldn't load more: \(loadError.message) r to retry")
        } else if lastLoadedPage >= lastAvailablePage {
            return .ended("End of the list · \(MovieFormatter.movieCount(movies.count))")
        } else {
            return .hint("↑↓ move · enter open · t today/this week · ? help · q quit")
        }
    }
}
