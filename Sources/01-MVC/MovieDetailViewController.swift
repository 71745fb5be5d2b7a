import Foundation
import MovieUI
import TMDB
import TerminalUI

/// One movie. In MVC the controller fetches the detail and the videos, keeps them,
/// formats them and renders them.
@MainActor
final class MovieDetailViewController: ViewController {
    // MARK: State

    private let movie: Movie
    private var detail: MovieDetail?
    private var trailer: Video?
    private var isLoading = false
    private var loadError: TMDBError?
    private var loadTask: Task<Void, Never>?

    // MARK: Views

    private let textView = TextView()
    private let loadingView = ActivityIndicatorView()
    private let messageView = MessageView(kind: .error)

    init(movie: Movie) {
        self.movie = movie
        super.init()
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(textView)
        view.addSubview(loadingView)
        view.addSubview(messageView)
        load()
    }

    override func viewDidDisappear() {
        super.viewDidDisappear()
        // E1: once the screen is left, its responses must not matter.
        loadTask?.cancel()
    }

    override func handle(_ key: Key) -> Bool {
        guard key == .character("r"), loadError != nil else {
            return super.handle(key)
        }
        load()
        return true
    }

    // MARK: Loading

    private func load() {
        isLoading = true
        loadError = nil
        let movieID = movie.id
        let client = TMDBClient.shared
        loadTask = Task { [weak self] in
            // D2: the videos request runs alongside the detail request, so the screen
            // waits for the slower of the two, not for their sum.
            async let videos = client.movieVideos(id: movieID)
            do throws(TMDBError) {
                let detail = try await client.movieDetail(id: movieID)
                // D3: without videos the screen only loses its trailer line.
                let trailer = (try? await videos)?.preferredTrailer()
                guard !Task.isCancelled else { return }
                self?.show(detail, trailer: trailer)
            } catch {
                guard !Task.isCancelled else { return }
                self?.showLoadError(error)
            }
        }
        render()
    }

    private func show(_ detail: MovieDetail, trailer: Video?) {
        self.detail = detail
        self.trailer = trailer
        isLoading = false
        render()
    }

    private func showLoadError(_ error: TMDBError) {
        isLoading = false
        loadError = error
        render()
    }

    // MARK: Rendering

    private func render() {
        navigationItem = NavigationItem(
            title: movie.title, subtitle: TMDBClient.shared.configuration.dataSourceName)
        textView.isHidden = detail == nil
        loadingView.isHidden = !isLoading
        messageView.isHidden = loadError == nil
        if let detail {
            textView.blocks = makeContent(for: detail).blocks
        }
        if let loadError {
            messageView.message = loadError.message
            messageView.hint = "r to retry · b back"
        }
        statusLine = .hint("↑↓ scroll · b back · ? help · q quit")
    }

    // MARK: Formatting

    private func makeContent(for detail: MovieDetail) -> MovieDetailContent {
        let year = Self.year(of: detail.releaseDate)
        let schedule = [
            Self.runtime(minutes: detail.runtime),
            detail.releaseDate.isEmpty ? "" : "Released \(detail.releaseDate)",
        ]
        return MovieDetailContent(
            heading: year == "—" ? detail.title : "\(detail.title) (\(year))",
            tagline: detail.tagline,
            facts: [
                detail.genres.map(\.name).joined(separator: ", "),
                schedule.filter { !$0.isEmpty }.joined(separator: " · "),
                Self.rating(average: detail.voteAverage, count: detail.voteCount),
            ].filter { !$0.isEmpty },
            overview: detail.overview.isEmpty ? "No overview." : detail.overview,
            cast: detail.cast.prefix(5).map { member in
                member.character.isEmpty ? member.name : "\(member.name) as \(member.character)"
            },
            trailerLink: trailer?.youTubeURL?.absoluteString ?? "")
    }

    /// "2024" from "2024-02-27"; "—" when TMDB has no date.
    private static func year(of releaseDate: String) -> String {
        let year = releaseDate.prefix(4)
        return year.count == 4 && year.allSatisfy(\.isNumber) ? String(year) : "—"
    }

    /// "2h 19m"; empty when TMDB does not know (D1).
    private static func runtime(minutes: Int?) -> String {
        guard let minutes, minutes > 0 else { return "" }
        switch (minutes / 60, minutes % 60) {
        case (0, let rest): return "\(rest)m"
        case (let hours, 0): return "\(hours)h"
        case (let hours, let rest): return "\(hours)h \(rest)m"
        }
    }

    /// "★ 8.4 (12,345 votes)", or "no rating" when nobody has voted (D1).
    private static func rating(average: Double, count: Int) -> String {
        guard count > 0 else { return "no rating" }
        let votes = count == 1 ? "1 vote" : "\(grouped(count)) votes"
        return "★ " + String(format: "%.1f", average) + " (\(votes))"
    }

    /// "12,345": digits grouped by three, the same in every locale.
    private static func grouped(_ number: Int) -> String {
        var digits = String(number)
        var groups: [Substring] = []
        while digits.count > 3 {
            groups.insert(Substring(digits.suffix(3)), at: 0)
            digits.removeLast(3)
        }
        groups.insert(Substring(digits), at: 0)
        return groups.joined(separator: ",")
    }
}
