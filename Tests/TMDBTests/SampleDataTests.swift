import Foundation
import TMDB
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// L2, L5: the bundled sample data answers like TMDB, through the same URLSession path.
@Suite struct SampleDataTests {
    private func url(_ text: String) throws -> URL {
        try #require(URL(string: "https://api.themoviedb.org\(text)"))
    }

    private func statusCode(ofBody body: Data) -> Int? {
        let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any]
        return object?["status_code"] as? Int
    }

    @Test func unknownPathIsTMDBs404() throws {
        let answer = SampleData.response(for: try url("/3/movie/999999999?language=en-US"))
        #expect(answer.statusCode == 404)
        #expect(statusCode(ofBody: answer.body) == 34)
    }

    @Test(arguments: ["501", "0", "-1", "abc"])
    func pageOutside1Through500IsTMDBs400(_ page: String) throws {
        let answer = SampleData.response(for: try url("/3/trending/movie/week?page=\(page)"))
        #expect(answer.statusCode == 400)
        #expect(statusCode(ofBody: answer.body) == 22)
    }

    /// The language comes from the environment: it must not reach outside the bundle.
    @Test(arguments: [
        "/3/../../../../etc/passwd", "/3/movie/550?language=../../../../etc",
        "/3/movie/%2E%2E/%2E%2E/x", "/",
    ])
    func oddPathsNeverLeaveTheBundle(_ path: String) throws {
        let answer = SampleData.response(for: try url(path))
        #expect(answer.statusCode == 404 || answer.statusCode == 200)
        if answer.statusCode == 200 {
            // Only possible for the language case, answered from en-US.
            #expect(path.contains("language="))
        }
    }

    /// A bare sample session answers like TMDB; its timing is tested through clients below,
    /// since a bare session's latency is process-wide on Linux (see `makeSession`).
    @Test func bareSampleSessionAnswersLikeTMDB() async throws {
        let session = SampleData.makeSession(latency: .zero)
        let (body, response) = try await session.data(for: URLRequest(url: try url("/3/movie/1")))
        #expect((response as? HTTPURLResponse)?.statusCode == 404)
        #expect(statusCode(ofBody: body) == 34)
    }

    /// L5: each sample-mode client waits its own latency, even with several in one process.
    @Test func sampleClientsKeepTheirOwnLatency() async throws {
        let slow = TMDBClient(configuration: Configuration(sampleLatency: .milliseconds(150)))
        let fast = TMDBClient(configuration: Configuration())
        let started = ContinuousClock.now
        async let slowAnswer = tmdbError { () async throws(TMDBError) in
            try await slow.movieDetail(id: 1)
        }
        async let fastAnswer = tmdbError { () async throws(TMDBError) in
            try await fast.movieDetail(id: 1)
        }
        let fastError = await fastAnswer
        let fastElapsed = ContinuousClock.now - started
        let slowError = await slowAnswer
        let slowElapsed = ContinuousClock.now - started
        #expect(fastError == .notFound)
        #expect(slowError == .notFound)
        #expect(slowElapsed >= .milliseconds(150))
        #expect(fastElapsed < slowElapsed)
    }

    /// The bundle folder exists even before data arrives; the app depends on it.
    @Test func sampleDataFolderIsBundled() {
        #expect(SampleData.directoryURL != nil)
    }

    // MARK: - With the bundled files

    @Test(.enabled(if: !SampleFile.all.isEmpty), arguments: SampleFile.all)
    func everySampleFileDecodes(_ file: SampleFile) throws {
        #expect(file.kind != nil, "unrecognised sample file \(file.relativePath)")
        try file.decode()
    }

    @Test(.enabled(if: !SampleFile.all.isEmpty), arguments: SampleFile.all)
    func everySampleFileIsServedAtItsPath(_ file: SampleFile) throws {
        let requestURL = try #require(file.requestURL)
        let answer = SampleData.response(for: requestURL)
        #expect(answer.statusCode == 200)
        #expect(answer.body == (try Data(contentsOf: file.url)))
    }

    /// L2: no credential → the client runs on sample data through its own URLProtocol.
    @Test(.enabled(if: SampleFile.hasEnglishTrending))
    func offlineClientLoadsTrending() async throws {
        let client = TMDBClient(configuration: try Configuration.fromEnvironment([:]))
        let page = try await client.trendingMovies(timeWindow: .week, page: 1)
        #expect(page.page == 1)
        #expect(!page.results.isEmpty)
    }

    /// L5: --offline wins over a credential, and no request can reach the network.
    @Test(.enabled(if: SampleFile.hasEnglishTrending))
    func forcedOfflineUsesSampleData() async throws {
        let client = TMDBClient(
            configuration: Configuration(
                credential: .apiKey("k"), baseURL: try url(""), forcesSampleData: true))
        let page = try await client.trendingMovies(timeWindow: .week, page: 1)
        #expect(!page.results.isEmpty)
    }

    @Test(.enabled(if: SampleFile.hasEnglishTrending))
    func pageBeyondTheSampleIsNotFound() async {
        let client = TMDBClient(configuration: Configuration())
        let error = await tmdbError { () async throws(TMDBError) in
            try await client.trendingMovies(timeWindow: .week, page: 500)
        }
        #expect(error == .notFound)
    }

    /// An en-US movie that has a detail file, and which language-specific files exist for it.
    static let englishDetailIDs: [Int] = SampleFile.all.compactMap { file in
        guard file.kind == .detail, file.language == "en-US" else { return nil }
        return Int(file.relativePath.split(separator: "/").last?.dropLast(".json".count) ?? "")
    }

    /// Detail and videos fall back to en-US for a language without its own file.
    @Test(.enabled(if: !englishDetailIDs.isEmpty))
    func detailAndVideosFallBackToEnglish() async throws {
        let id = try #require(Self.englishDetailIDs.first)
        let client = TMDBClient(configuration: Configuration(language: "xx-XX"))
        let detail = try await client.movieDetail(id: id)
        #expect(detail.id == id)
        _ = try await client.movieVideos(id: id)
        let request = try url("/3/movie/\(id)?language=xx-XX")
        let english = try url("/3/movie/\(id)?language=en-US")
        #expect(SampleData.response(for: request).body == SampleData.response(for: english).body)
    }

    /// A language's own detail file wins over en-US.
    @Test(arguments: SampleFile.all.filter { $0.language != "en-US" && $0.kind == .detail })
    func ownDetailIsServed(_ file: SampleFile) async throws {
        let id = try #require(Int(file.relativePath.split(separator: "/").last?.dropLast(5) ?? ""))
        let client = TMDBClient(configuration: Configuration(language: file.language))
        let detail = try await client.movieDetail(id: id)
        let own = try JSONDecoder().decode(MovieDetail.self, from: try Data(contentsOf: file.url))
        #expect(detail == own)
    }

    /// T8 offline: every trending list holds each page up to its `total_pages`, and each
    /// movie's detail exists (after en-US fallback), so the offline app never dead-ends.
    /// Videos may be missing on purpose: D3 (no trailer line) is worth seeing offline.
    @Test(
        arguments: SampleFile.all.filter {
            $0.kind == .page && $0.relativePath.hasSuffix("page-1.json")
        })
    func sampleTrendingListsAreComplete(_ firstPage: SampleFile) throws {
        let first = try JSONDecoder().decode(
            MoviePage.self, from: try Data(contentsOf: firstPage.url))
        let base = try #require(firstPage.requestURL?.absoluteString)
        for page in 1...min(first.totalPages, 500) {
            let pageURL = try #require(
                URL(string: base.replacingOccurrences(of: "page=1", with: "page=\(page)")))
            let answer = SampleData.response(for: pageURL)
            #expect(answer.statusCode == 200, "\(firstPage.language) page \(page)")
            guard answer.statusCode == 200 else { continue }
            let moviePage = try JSONDecoder().decode(MoviePage.self, from: answer.body)
            #expect(moviePage.page == page)
            #expect(moviePage.totalPages == first.totalPages)
            for movie in moviePage.results where !movie.isAdult {
                let query = "?language=\(firstPage.language)"
                let detail = SampleData.response(for: try url("/3/movie/\(movie.id)\(query)"))
                #expect(detail.statusCode == 200, "detail of \(movie.id) \(movie.title)")
            }
        }
    }

    /// A language with no trending files of its own gets en-US's list (documented choice).
    @Test(.enabled(if: SampleFile.hasEnglishTrending))
    func trendingFallsBackForALanguageWithoutTrending() throws {
        let english = SampleData.response(
            for: try url("/3/trending/movie/week?page=1&language=en-US"))
        let other = SampleData.response(
            for: try url("/3/trending/movie/week?page=1&language=xx-XX"))
        #expect(other.statusCode == 200)
        #expect(other.body == english.body)
    }

    /// L3 offline: a language is answered in the bundled language of the same language in any
    /// region, as TMDB answers "ko" in Korean, not silently in English.
    @Test(arguments: ["ko", "ko-US"])
    func aLanguageWithoutItsRegionGetsItsOwnSampleData(_ language: String) throws {
        let korean = try url("/3/trending/movie/week?page=1&language=ko-KR")
        let asked = try url("/3/trending/movie/week?page=1&language=\(language)")
        #expect(SampleData.response(for: asked).statusCode == 200)
        #expect(SampleData.response(for: asked).body == SampleData.response(for: korean).body)
    }

    /// A language with trending files of its own never mixes in en-US pages.
    @Test(arguments: SampleFile.all.filter { $0.language != "en-US" && $0.kind == .page })
    func ownTrendingIsServed(_ file: SampleFile) throws {
        let requestURL = try #require(file.requestURL)
        #expect(SampleData.response(for: requestURL).body == (try Data(contentsOf: file.url)))
    }
}

/// D1 offline: the sample data's videos are made up, so no sample trailer pretends to be a
/// YouTube video (a made-up ID plays "Video unavailable"): each links to a YouTube search for
/// its film's title and year.
@Suite struct SampleTrailerTests {
    static let videoFiles = SampleFile.all.filter { $0.kind == .videos }

    @Test(.enabled(if: !videoFiles.isEmpty), arguments: videoFiles)
    func everySampleVideoLinksToASearchForItsFilm(_ file: SampleFile) throws {
        let videos = try JSONDecoder().decode(VideoList.self, from: Data(contentsOf: file.url))
        let detailPath = file.relativePath.replacingOccurrences(of: "/videos.json", with: ".json")
        let detailURL = try #require(SampleFile.all.first { $0.relativePath == detailPath }?.url)
        let detail = try JSONDecoder().decode(MovieDetail.self, from: Data(contentsOf: detailURL))
        let year = String(detail.releaseDate.prefix(4))
        // A title's control characters (a hostile sample title, T4) are not searched for.
        let title = String(
            detail.title.unicodeScalars.filter { !CharacterSet.controlCharacters.contains($0) })
        for video in videos.results where video.site == "YouTube" {
            let link = try #require(video.youTubeURL)
            let components = try #require(URLComponents(url: link, resolvingAgainstBaseURL: false))
            #expect(components.host == "www.youtube.com")
            #expect(components.path == "/results", "\(file) \(video.name): not a made-up video ID")
            let search = components.queryItems?.first { $0.name == "search_query" }?.value ?? ""
            let film = year.isEmpty ? title : "\(title) \(year)"
            // YouTube reads "+" in a query as a space.
            #expect(search.replacingOccurrences(of: "+", with: " ") == film, "\(file)")
        }
    }
}
