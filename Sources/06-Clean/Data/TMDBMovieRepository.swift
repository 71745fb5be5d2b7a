import CleanDomain
import TMDB

/// The movies of the domain, from TMDB: each call asks the client, maps what TMDB answers to
/// the domain's types (`TMDBMapping.swift`), and wraps TMDB's errors in the domain's. TMDB's
/// shapes stop here.
public struct TMDBMovieRepository: MovieRepository {
    private let client: TMDBClient

    public init(client: TMDBClient) {
        self.client = client
    }

    public func trendingMovies(
        timeWindow: CleanDomain.TimeWindow, page: Int, onRateLimitWait: RateLimitWaitHandler
    ) async throws(MovieLoadError) -> CleanDomain.MoviePage {
        do throws(TMDBError) {
            let moviePage = try await client.trendingMovies(
                timeWindow: TMDB.TimeWindow(timeWindow), page: page,
                onRateLimitWait: onRateLimitWait)
            return CleanDomain.MoviePage(moviePage)
        } catch {
            throw MovieLoadError(error)
        }
    }

    public func searchMovies(query: String, page: Int, onRateLimitWait: RateLimitWaitHandler)
        async throws(MovieLoadError) -> CleanDomain.MoviePage
    {
        do throws(TMDBError) {
            let moviePage = try await client.searchMovies(
                query: query, page: page, onRateLimitWait: onRateLimitWait)
            return CleanDomain.MoviePage(moviePage)
        } catch {
            throw MovieLoadError(error)
        }
    }

    public func movieDetail(id: Int, onRateLimitWait: RateLimitWaitHandler)
        async throws(MovieLoadError) -> CleanDomain.MovieDetail
    {
        do throws(TMDBError) {
            let detail = try await client.movieDetail(id: id, onRateLimitWait: onRateLimitWait)
            return CleanDomain.MovieDetail(detail)
        } catch {
            throw MovieLoadError(error)
        }
    }

    public func trailer(forMovieID id: Int) async throws(MovieLoadError) -> Trailer? {
        do throws(TMDBError) {
            // D7: which video is the trailer is TMDB's rule, kept with TMDB's types.
            let videos = try await client.movieVideos(id: id)
            return videos.preferredTrailer().flatMap(Trailer.init)
        } catch {
            throw MovieLoadError(error)
        }
    }
}
