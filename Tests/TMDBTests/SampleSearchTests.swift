import Foundation
import TMDB
import TMDBTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// S8: what `searchMovies(query:page:)` sends, seen by a stub server.
@Suite struct SearchRequestTests {
    let stub = HTTPStub()

    /// Sends one search and returns the request the stub received.
    private func sentRequest(
        query: String, page: Int = 1, language: String = "en-US"
    ) async throws -> RecordedRequest {
        stub.respond(to: "/3/search/movie", with: Fixtures.page(page, of: 1, []))
        let client = stub.makeClient(language: language, retryPolicy: SleepRecorder().policy())
        _ = try await client.searchMovies(query: query, page: page)
        return try #require(stub.requests(path: "/3/search/movie").last)
    }

    @Test func aSearchIsAGetOfSearchMovieWithQueryPageNoAdultAndLanguage() async throws {
        // S8
        let request = try await sentRequest(query: "dune", page: 3, language: "ko-KR")

        #expect(request.path == "/3/search/movie")
        #expect(
            request.queryItems == [
                "query": "dune", "page": "3", "include_adult": "false", "language": "ko-KR",
                "api_key": "stub-key",
            ])
        #expect(stub.requests.count == 1)
    }

    @Test(
        "S8: spaces, &, +, # and Hangul are percent-encoded and arrive as typed",
        arguments: [
            ("fight club", "fight%20club"),
            ("rock & roll", "rock%20%26%20roll"),
            ("c++", "c%2B%2B"),
            ("#1 fan", "%231%20fan"),
            ("슈퍼맨", "%EC%8A%88%ED%8D%BC%EB%A7%A8"),
            ("a=b?c/d", "a%3Db%3Fc%2Fd"),
        ])
    func theQueryIsPercentEncoded(query: String, encoded: String) async throws {
        let request = try await sentRequest(query: query)

        let rawQuery = try #require(
            URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.percentEncodedQuery)
        let items = rawQuery.split(separator: "&").map(String.init)
        #expect(items.contains("query=\(encoded)"), "\(rawQuery)")
        #expect(items.count == 5, "no part of the query leaked into another item: \(rawQuery)")
        #expect(request.queryItems["query"] == query)
        #expect(request.queryItems["include_adult"] == "false")
        #expect(request.url.fragment == nil, "a # must not start a fragment")
    }
}

/// S9: the bundled sample data answers searches offline through the client's own URLSession
/// path: case- and accent-insensitive on title and original title, 20 a page, in trending
/// order, without adult titles.
@Suite struct SampleSearchTests {
    let english = TMDBClient(configuration: Configuration())
    let korean = TMDBClient(configuration: Configuration(language: "ko-KR"))

    /// Every page of a search, in order.
    private func allPages(_ client: TMDBClient, query: String) async throws -> [MoviePage] {
        var pages = [try await client.searchMovies(query: query, page: 1)]
        while let last = pages.last, last.page < min(last.totalPages, 500) {
            pages.append(try await client.searchMovies(query: query, page: last.page + 1))
        }
        return pages
    }

    private func titles(_ client: TMDBClient, query: String) async throws -> [String] {
        try await allPages(client, query: query).flatMap(\.results).map(\.title)
    }

    /// The bundled trending movies of the client's language in the order the list shows them
    /// (this week, then today), each once, read through the same client. ko-KR bundles only
    /// this week: its "today" list is en-US's, movies not of that language.
    private func trendingOrder(_ client: TMDBClient, language: String) async throws -> [Movie] {
        var movies: [Movie] = []
        var seen = Set<Int>()
        let timeWindows: [TimeWindow] = language == "ko-KR" ? [.week] : [.week, .day]
        for timeWindow in timeWindows {
            var page = 1
            var lastPage = 1
            repeat {
                let moviePage = try await client.trendingMovies(timeWindow: timeWindow, page: page)
                lastPage = min(moviePage.totalPages, 500)
                for movie in moviePage.results where seen.insert(movie.id).inserted {
                    movies.append(movie)
                }
                page += 1
            } while page <= lastPage
        }
        return movies
    }

    @Test func superFindsSupermanInEnglish() async throws {
        // S9, and the bar: `/ "super"` finds Superman.
        #expect(try await titles(english, query: "super") == ["Superman"])
    }

    @Test("S9: \"슈퍼\" finds 슈퍼맨 (and 슈퍼배드 4) with ko-KR, in trending order")
    func koreanSyllablesFindTheKoreanTitles() async throws {
        #expect(try await titles(korean, query: "슈퍼") == ["슈퍼맨", "슈퍼배드 4"])
        // A different syllable is a different word, not an accent of it.
        #expect(try await titles(korean, query: "수퍼") == ["수퍼 소닉 3"])
    }

    @Test func caseAndAccentsAreIgnored() async throws {
        // S9
        #expect(try await titles(english, query: "SUPERMAN") == ["Superman"])
        #expect(try await titles(english, query: "emilia perez") == ["Emilia Pérez"])
        #expect(try await titles(english, query: "FOLIE A DEUX") == ["Joker: Folie à Deux"])
        #expect(try await titles(korean, query: "folie à deux") == ["조커: 폴리 아 되"])
    }

    @Test func theOriginalTitleMatchesToo() async throws {
        // S9: Parasite's original title is 기생충; 슈퍼맨's is Superman.
        #expect(try await titles(english, query: "기생충") == ["Parasite"])
        #expect(try await titles(korean, query: "superman") == ["슈퍼맨"])
    }

    @Test func leadingAndTrailingSpacesDoNotCount() async throws {
        #expect(try await titles(english, query: "  super ") == ["Superman"])
    }

    @Test func noMatchIsAnEmptyFirstPage() async throws {
        // S6 starts here: an empty page, not an error.
        let page = try await english.searchMovies(query: "zzzz no such film", page: 1)
        #expect(page.results.isEmpty)
        #expect(page.totalResults == 0)
        #expect(page.totalPages == 1)
    }

    @Test func adultTitlesAreNeverFound() async throws {
        // S5, S9: the bundled trending data holds one adult title, "Velvet Hours".
        #expect(try await titles(english, query: "velvet").isEmpty)
        #expect(try await titles(korean, query: "벨벳").isEmpty)
    }

    @Test(
        "S9: twenty a page, every match once, in trending order",
        arguments: ["en-US", "ko-KR"], ["e", "a", "man"])
    func pagesHoldTwentyEachInTrendingOrder(language: String, query: String) async throws {
        let client = language == "en-US" ? english : korean
        let pages = try await allPages(client, query: query)
        let found = pages.flatMap(\.results)

        let expected = try await trendingOrder(client, language: language).filter { movie in
            !movie.isAdult
                && [movie.title, movie.originalTitle].contains {
                    $0.range(of: query, options: [.caseInsensitive, .diacriticInsensitive]) != nil
                }
        }
        #expect(found.map(\.id) == expected.map(\.id))
        #expect(Set(found.map(\.id)).count == found.count, "a movie came twice")
        #expect(pages.map(\.page) == Array(1...pages.count))
        #expect(pages.dropLast().allSatisfy { $0.results.count == 20 })
        #expect((1...20).contains(pages.last?.results.count ?? 0))
        #expect(pages.allSatisfy { $0.totalResults == expected.count })
        #expect(pages.allSatisfy { $0.totalPages == (expected.count + 19) / 20 })
    }

    @Test func theEnglishSampleHasSeveralPagesForOneLetter() async throws {
        // S5, S9: 49 English titles hold an "e": pages of 20, 20 and 9.
        let pages = try await allPages(english, query: "e")
        #expect(pages.map(\.results.count) == [20, 20, 9])
        #expect(pages.first?.results.first?.title == "Superman")
    }

    @Test func aPageAfterTheLastIsEmpty() async throws {
        let page = try await english.searchMovies(query: "super", page: 2)
        #expect(page.results.isEmpty)
        #expect(page.totalResults == 1)
    }

    @Test(arguments: ["0", "501", "abc"])
    func aPageOutside1Through500IsTMDBs400(_ page: String) throws {
        let url = try #require(
            URL(string: "https://api.themoviedb.org/3/search/movie?query=e&page=\(page)"))
        #expect(SampleData.response(for: url).statusCode == 400)
    }
}
