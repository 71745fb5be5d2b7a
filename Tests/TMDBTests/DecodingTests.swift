import Foundation
import MovieDomain
import TMDB
import Testing

/// Decoding with explicit CodingKeys survives every quirk in TMDB.md ("Data quirks").
@Suite struct DecodingTests {
    private func decode<Value: Decodable>(_ type: Value.Type, _ text: String) throws -> Value {
        try JSONDecoder().decode(type, from: Data(text.utf8))
    }

    @Test func ordinaryMovieDecodes() throws {
        let page = try decode(MoviePage.self, Fixture.trendingPage)
        let movie = try #require(page.results.first)
        #expect(movie.id == 550)
        #expect(movie.title == "Fight Club")
        #expect(movie.originalTitle == "Fight Club")
        #expect(movie.releaseDate == "1999-10-15")
        #expect(!movie.isAdult)
        #expect(movie.voteAverage == 8.4)
        #expect(movie.voteCount == 29000)
        // P2: the poster's path stays, for the list's preview pane.
        #expect(movie.posterPath == "/p.jpg")
        // The overview, backdrop and genres are TMDB's too, but no row shows them: the detail
        // fetches its own, so a list of 10,000 movies does not keep them.
        #expect(
            movie
                == Movie(
                    id: 550, title: "Fight Club", releaseDate: "1999-10-15", voteAverage: 8.4,
                    voteCount: 29000, posterPath: "/p.jpg"))
    }

    /// Quirks 1, 2, 4, 7, 9 and a missing origin_country, all in one list item: the fields a
    /// row shows get neutral values, and the quirks of the others do not stop the decoding.
    @Test func quirkyMovieDecodes() throws {
        let page = try decode(MoviePage.self, Fixture.trendingPage)
        let movie = page.results[1]
        #expect(movie.releaseDate == "")
        #expect(movie.voteAverage == 0)  // written as the integer 0
        #expect(movie.voteCount == 0)
        #expect(movie.posterPath == nil)  // null: no poster, the pane shows its empty frame
        #expect(movie.title == "기생충 미공개")
        #expect(movie.originalTitle == "미공개")
    }

    /// A `MovieList` holding `page`, as every step's list holds what TMDB sends.
    private func list(of page: MoviePage) -> MovieList<Movie> {
        var list = MovieList<Movie>()
        list.append(page.results, page: page.page, totalPages: page.totalPages)
        return list
    }

    /// T7: a decoded page's adult titles are left out of the list.
    @Test func adultTitlesAreExcluded() throws {
        let page = try decode(MoviePage.self, Fixture.trendingPage)
        #expect(page.results.count == 3)
        #expect(list(of: page).movies.map(\.id) == [550, 1])
    }

    /// T8: total_pages above 500 is clamped.
    @Test func lastAvailablePageIsClampedTo500() throws {
        let page = try decode(MoviePage.self, Fixture.trendingPage)
        #expect(page.totalPages == 1000)
        #expect(page.totalResults == 20000)
        #expect(list(of: page).availablePages == 500)
        #expect(list(of: page).nextPage == 2)
    }

    /// T8: a next page is asked for only while TMDB has one, and never past 500.
    @Test(arguments: [
        (page: 1, totalPages: 1, hasMore: false),
        (page: 1, totalPages: 3, hasMore: true),
        (page: 3, totalPages: 3, hasMore: false),
        (page: 499, totalPages: 1000, hasMore: true),
        (page: 500, totalPages: 1000, hasMore: false),
        (page: 1, totalPages: 0, hasMore: false),
    ])
    func hasMorePages(page: Int, totalPages: Int, hasMore: Bool) {
        let moviePage = MoviePage(page: page, results: [], totalPages: totalPages, totalResults: 0)
        #expect((list(of: moviePage).nextPage != nil) == hasMore)
    }

    @Test func detailDecodesWithCastInBillingOrder() throws {
        let detail = try decode(MovieDetail.self, Fixture.detail)
        #expect(detail.id == 550)
        #expect(detail.title == "Fight Club")
        #expect(detail.tagline == "")
        #expect(detail.genres == [Genre(id: 18, name: "Drama")])
        #expect(detail.runtime == nil)  // runtime 0 means unknown
        #expect(detail.releaseDate == "1999-10-15")
        #expect(detail.status == "Released")
        #expect(detail.voteCount == 29000)
        #expect(detail.posterPath == "/p.jpg")
        #expect(detail.cast.map(\.name) == ["Edward Norton", "Brad Pitt", "Helena Bonham Carter"])
        #expect(detail.cast.first?.character == "The Narrator")
    }

    @Test(
        arguments: [
            ("\"runtime\": 0", nil),
            ("\"runtime\": null", nil),
            ("\"runtime\": -5", nil),
            ("\"runtime\": 139", 139),
        ] as [(String, Int?)])
    func runtimeZeroOrNullIsUnknown(field: String, expected: Int?) throws {
        let text = Fixture.detail.replacingOccurrences(of: "\"runtime\": 0", with: field)
        #expect(try decode(MovieDetail.self, text).runtime == expected)
    }

    @Test func detailWithoutCreditsHasNoCast() throws {
        let text = """
            {"id": 1, "title": "T", "tagline": null, "overview": "", "genres": [],
             "runtime": null, "release_date": "", "status": "Planned", "vote_average": 0,
             "vote_count": 0, "poster_path": null}
            """
        let detail = try decode(MovieDetail.self, text)
        #expect(detail.cast == [])
        #expect(detail.tagline == "")
        #expect(detail.runtime == nil)
    }

    @Test func videosDecodeWithFractionalDates() throws {
        let list = try decode(VideoList.self, Fixture.videos)
        #expect(list.results.count == 2)
        let trailer = list.results[1]
        #expect(trailer.key == "SUXWAEX2jlg")
        #expect(trailer.isOfficial)
        #expect(trailer.size == 720)
        #expect(trailer.type == "Trailer")
        #expect(trailer.publishedAt == Date(timeIntervalSince1970: 1_400_587_200))
        #expect(trailer.youTubeURL?.absoluteString == "https://www.youtube.com/watch?v=SUXWAEX2jlg")
    }

    @Test func videoWithUnreadableDateStillDecodes() throws {
        let text = """
            {"results": [{"id": "a", "key": "k", "name": "n", "site": "Vimeo", "type": "Clip",
              "official": false, "published_at": "yesterday", "size": 360}]}
            """
        let video = try #require(try decode(VideoList.self, text).results.first)
        #expect(video.publishedAt == nil)
        #expect(video.youTubeURL == nil)  // not YouTube
    }

    @Test func wrongTypeStillFails() {
        let text = Fixture.trendingPage.replacingOccurrences(
            of: "\"vote_count\": 29000", with: "\"vote_count\": \"many\"")
        #expect(throws: DecodingError.self) { try decode(MoviePage.self, text) }
    }
}
