import MovieDomain
import Testing

/// The paging rules trending and search share, checked once here with plain values; every
/// step keeps its list in a `MovieList`, and the acceptance suite checks each step's screens.
@Suite("MovieList")
struct MovieListTests {
    /// A movie as a layer that knows nothing of TMDB would list it.
    struct Film: ListedMovie {
        var id: Int
        var title: String
        var releaseDate = "2024-03-01"
        var voteAverage = 7.4
        var voteCount = 10
        var isAdult = false
        var posterPath: String? = nil
    }

    static func films(_ ids: ClosedRange<Int>) -> [Film] {
        ids.map { Film(id: $0, title: "Film \($0)") }
    }

    static func list(_ ids: ClosedRange<Int>, of totalPages: Int) -> MovieList<Film> {
        var list = MovieList<Film>()
        list.append(films(ids), page: 1, totalPages: totalPages)
        return list
    }

    @Test("T6, S5: an empty list asks for page 1 and wants no next page by itself")
    func anEmptyListAsksForPageOne() {
        let list = MovieList<Film>()
        #expect(list.isEmpty)
        #expect(list.nextPage == 1)
        #expect(!list.isComplete)
        #expect(!list.wantsNextPage(lastVisibleRow: 0))
    }

    @Test(
        "T6, S5: the next page is wanted once the last row shown is within 4 rows of the end",
        arguments: [(0, false), (14, false), (15, true), (19, true), (25, true)])
    func theNextPageIsWantedNearTheEnd(lastVisibleRow: Int, wanted: Bool) {
        let list = Self.list(1...20, of: 3)
        #expect(list.wantsNextPage(lastVisibleRow: lastVisibleRow) == wanted)
        #expect(list.nextPage == 2)
    }

    @Test("T7, S5: adult titles and movies already shown are left out, leaving no gap")
    func duplicatesAndAdultTitlesAreLeftOut() {
        var list = Self.list(1...20, of: 2)
        var second = Self.films(19...30)
        second[6].isAdult = true
        let added = list.append(second, page: 2, totalPages: 2)
        #expect(added)
        #expect(list.movies.map(\.id) == Array(1...24) + Array(26...30))
        #expect(list.movies.indices == 0..<29, "no gap where a movie was left out")
        #expect(list.isComplete)
        #expect(list.nextPage == nil)
    }

    @Test("T6, T7: a page that adds nothing new says so, and the list still moves on a page")
    func aPageThatAddsNothingSaysSo() {
        var list = Self.list(1...20, of: 3)
        let added = list.append(Self.films(1...20), page: 2, totalPages: 3)
        #expect(!added)
        #expect(list.count == 20)
        #expect(list.loadedPages == 2)
        #expect(list.nextPage == 3)
    }

    @Test("T8, S5: no page beyond 500 is asked for, whatever TMDB's total says")
    func noPageBeyondFiveHundred() {
        var list = MovieList<Film>()
        list.append(Self.films(1...20), page: 499, totalPages: 900)
        #expect(list.availablePages == 500)
        #expect(list.nextPage == 500)
        list.append(Self.films(21...40), page: 500, totalPages: 900)
        #expect(list.nextPage == nil)
        #expect(list.isComplete)
        #expect(!list.wantsNextPage(lastVisibleRow: 39))
    }

    @Test("T8: the last page TMDB has ends the list")
    func theLastPageEndsTheList() {
        let list = Self.list(1...3, of: 1)
        #expect(list.isComplete)
        #expect(!list.wantsNextPage(lastVisibleRow: 2))
    }

    @Test("T7: a list is a value: a copy keeps what it showed when it was made")
    func aCopyIsASnapshot() {
        let first = Self.list(1...20, of: 3)
        var second = first
        second.append(Self.films(21...40), page: 2, totalPages: 3)
        #expect(first.count == 20)
        #expect(second.count == 40)
        #expect(first != second)
        #expect(first == Self.list(1...20, of: 3))
    }

    @Test("T7: the movies are found by row across pages of any size, the empty page included")
    func rowsAreFoundAcrossPages() {
        var list = MovieList<Film>()
        var adult = Film(id: 3, title: "Adult")
        adult.isAdult = true
        list.append(Self.films(1...2) + [adult], page: 1, totalPages: 4)
        list.append(Self.films(2...2), page: 2, totalPages: 4)  // nothing new
        list.append(Self.films(4...8), page: 3, totalPages: 4)
        list.append([Film(id: 9, title: "Film 9")], page: 4, totalPages: 4)
        #expect(list.movies.map(\.id) == [1, 2, 4, 5, 6, 7, 8, 9])
        #expect(list.movies.indices == 0..<8)
        #expect((0..<8).map { list.movies[$0].id } == [1, 2, 4, 5, 6, 7, 8, 9])
        #expect(list.movies[2].title == "Film 4")
        #expect(!list.movies.indices.contains(8))
    }

    @Test("P7: the posters fetched ahead are the selected row's and the next two rows'")
    func postersAheadOfTheSelection() {
        var list = MovieList<Film>()
        let films = Self.films(1...5).map { film in
            var film = film
            film.posterPath = film.id == 3 ? nil : "/f\(film.id).jpg"
            return film
        }
        list.append(films, page: 1, totalPages: 1)
        #expect(list.posterPaths(from: 0) == ["/f1.jpg", "/f2.jpg"], "row 3 has no poster")
        #expect(list.posterPaths(from: 1) == ["/f2.jpg", "/f4.jpg"])
        #expect(list.posterPaths(from: 3) == ["/f4.jpg", "/f5.jpg"], "the list ends")
        #expect(list.posterPaths(from: 5).isEmpty, "no such row")
        #expect(list.posterPaths(from: -1).isEmpty)
    }
}
