import Foundation
import Observation
import TMDB

/// One movie's state and logic. It fetches the detail and the videos, keeps them and
/// formats them; it knows nothing of how the screen is drawn.
@MainActor
@Observable
final class MovieDetailViewModel {
    // MARK: State

    let movie: Movie
    private var detail: MovieDetail?
    private var trailer: Video?
    private(set) var isLoading = false
    private var loadError: TMDBError?
    @ObservationIgnored private var loadTask: Task<Void, Never>?

    init(movie: Movie) {
        self.movie = movie
    }

    // MARK: Input

    /// Call once, when the screen is first shown.
    func viewDidLoad() {
        load()
    }

    /// Call when the screen is left: its responses must not matter any more (E1).
    func viewDidDisappear() {
        loadTask?.cancel()
    }

    /// `r` after a failure loads again (D4). Returns false when there is nothing to retry.
    func retry() -> Bool {
        guard loadError != nil else { return false }
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
    }

    private func show(_ detail: MovieDetail, trailer: Video?) {
        self.detail = detail
        self.trailer = trailer
        isLoading = false
    }

    private func showLoadError(_ error: TMDBError) {
        isLoading = false
        loadError = error
    }

    // MARK: Output

    var title: String { movie.title }

    var subtitle: String { TMDBClient.shared.configuration.dataSourceName }

    var isShowingDetail: Bool { detail != nil }

    var errorMessage: String? { loadError?.message }

    var heading: String {
        guard let detail else { return movie.title }
        let year = Self.year(of: detail.releaseDate)
        return year == "—" ? detail.title : "\(detail.title) (\(year))"
    }

    var tagline: String { detail?.tagline ?? "" }

    var facts: [String] {
        guard let detail else { return [] }
        let schedule = [
            Self.runtime(minutes: detail.runtime),
            detail.releaseDate.isEmpty ? "" : "Released \(detail.releaseDate)",
        ]
        return [
            detail.genres.map(\.name).joined(separator: ", "),
            schedule.filter { !$0.isEmpty }.joined(separator: " · "),
            Self.rating(average: detail.voteAverage, count: detail.voteCount),
        ].filter { !$0.isEmpty }
    }

    var overview: String {
        guard let detail else { return "" }
        return detail.overview.isEmpty ? "No overview." : detail.overview
    }

    var cast: [String] {
        (detail?.cast ?? []).prefix(5).map { member in
            member.character.isEmpty ? member.name : "\(member.name) as \(member.character)"
        }
    }

    var trailerLink: String { trailer?.youTubeURL?.absoluteString ?? "" }

    // MARK: Formatting

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
