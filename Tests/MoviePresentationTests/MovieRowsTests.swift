import MovieDomain
import MoviePresentation
import Testing

/// What a list looks like on screen: its rows and its message, over the rules of MovieDomain.
@Suite("MovieRows")
struct MovieRowsTests {
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

    @Test("T2, T7: a list's rows equal an earlier snapshot only when no movie changed since")
    func rowsCompareByWhatChanged() {
        var list = Self.list(1...20, of: 3)
        let firstPage = list.rows
        #expect(list.rows == firstPage, "nothing changed")
        #expect(firstPage.map(\.title) == (1...20).map { "Film \($0)" })
        #expect(firstPage[0] == MovieRow(rank: "1", title: "Film 1", year: "2024", rating: "★ 7.4"))
        // A page of movies already shown adds no row: the rows stay equal.
        list.append(Self.films(1...20), page: 2, totalPages: 3)
        #expect(list.rows == firstPage)
        list.append(Self.films(41...60), page: 3, totalPages: 3)
        #expect(list.rows != firstPage)
        #expect(list.rows.count == 40)
        // Emptied, then loaded again with the same movies: new rows, never the old ones.
        let beforeReload = list.rows
        list.removeAll()
        #expect(list.rows.isEmpty)
        #expect(list.rows != beforeReload)
        #expect(list.nextPage == 1)
        list.append(Self.films(1...20), page: 1, totalPages: 3)
        #expect(list.rows != firstPage, "the same movies, loaded again, are a change")
        #expect(list == Self.list(1...20, of: 3), "yet the list shows what a new one shows")
    }

    @Test("T2: a row is ranked from 1 and formatted as the list shows it")
    func rowsAreFormatted() {
        var list = MovieList<Film>()
        list.append(
            [
                Film(id: 1, title: "Dune", releaseDate: "2024-02-27", voteAverage: 8.15),
                Film(id: 2, title: "Untitled", releaseDate: "", voteAverage: 0, voteCount: 0),
            ], page: 1, totalPages: 1)
        #expect(
            list.row(at: 0) == MovieRow(rank: "1", title: "Dune", year: "2024", rating: "★ 8.2"))
        #expect(
            list.row(at: 1)
                == MovieRow(rank: "2", title: "Untitled", year: "—", rating: "no rating"))
    }

    @Test("T9, S6: a failure's message says what went wrong and that r retries")
    func aFailureSaysRToRetry() {
        struct Refused: LoadFailure {
            var reason: LoadFailureReason? { .cannotConnect(server: "127.0.0.1:1") }
        }
        #expect(
            ListMessage.failure(Refused())
                == ListMessage(
                    text: "Couldn't connect to 127.0.0.1:1.", hint: "r to retry", isError: true))
    }

    @Test("T2, T7: a row is found across pages, ranked by its place in the list")
    func rowsAreRankedAcrossPages() {
        var list = Self.list(1...2, of: 2)
        list.append(Self.films(3...5), page: 2, totalPages: 2)
        #expect(list.row(at: 2).title == "Film 3")
        #expect(list.row(at: 4).rank == "5")
        #expect(list.rows.map(\.rank) == ["1", "2", "3", "4", "5"])
    }
}
