import CleanDomain
import TMDB

// TMDB's types are the wire format (DTOs, data transfer objects); the domain's are what the
// app means. Both have a `Movie`, so the module names say which is which.

extension CleanDomain.Movie {
    /// A list row: the fields a row and the preview pane show.
    init(_ movie: TMDB.Movie) {
        self.init(
            id: movie.id, title: movie.title, releaseDate: movie.releaseDate,
            voteAverage: movie.voteAverage, voteCount: movie.voteCount, isAdult: movie.isAdult,
            posterPath: movie.posterPath)
    }
}

extension CleanDomain.MoviePage {
    init(_ moviePage: TMDB.MoviePage) {
        self.init(movies: moviePage.results.map(Movie.init), totalPages: moviePage.totalPages)
    }
}

extension CleanDomain.MovieDetail {
    /// The detail without a trailer: the videos are another request.
    init(_ detail: TMDB.MovieDetail) {
        self.init(
            id: detail.id, title: detail.title, tagline: detail.tagline,
            overview: detail.overview, genres: detail.genres.map(\.name),
            runtime: detail.runtime, releaseDate: detail.releaseDate,
            voteAverage: detail.voteAverage, voteCount: detail.voteCount,
            cast: detail.cast.map { CastMember(name: $0.name, character: $0.character) },
            posterPath: detail.posterPath)
    }
}

extension Trailer {
    /// The video as a trailer, or nil when it has no link to open.
    init?(_ video: Video) {
        guard let url = video.youTubeURL else { return nil }
        self.init(name: video.name, link: url.absoluteString)
    }
}

extension TMDB.TimeWindow {
    init(_ timeWindow: CleanDomain.TimeWindow) {
        switch timeWindow {
        case .day: self = .day
        case .week: self = .week
        }
    }
}

extension CleanDomain.TimeWindow {
    /// The window a launch asked for, for the composition root, which receives TMDB's.
    public init(_ timeWindow: TMDB.TimeWindow) {
        switch timeWindow {
        case .day: self = .day
        case .week: self = .week
        }
    }
}

extension MovieLoadError {
    /// TMDB's error in the domain's terms: a cancellation stays one, and every other failure
    /// keeps its reason and nothing else of TMDB.
    init(_ error: TMDBError) {
        guard let reason = error.reason else {
            self = .cancelled
            return
        }
        self = .failed(reason)
    }
}
