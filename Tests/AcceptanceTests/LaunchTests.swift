import Foundation
import Steps
import TMDB
import TMDBTestSupport
import TerminalUI
import Testing

extension Acceptance {
    @Suite("Launch")
    @MainActor
    struct Launch {
        @Test(
            "L2: without credentials the app runs on sample data and touches no network",
            arguments: Step.all)
        func sampleDataWithoutCredentials(step: Step) async {
            let app = AppDriver(step, configuration: Configuration())
            await app.launch()

            #expect(app.rows[0].contains("sample data"))
            #expect(app.rows[0].hasSuffix("1 / 38"), "pages 1 and 2 fill the screen (T6)")
            #expect(app.rows.count > 5)
            #expect(app.stub.requests.isEmpty)
            await app.press(.enter)
            #expect(app.screen.contains("Cast"))
        }

        @Test(
            "L3: an access token is sent as a Bearer header and wins over a key",
            arguments: Step.all)
        func accessTokenIsABearerHeader(step: Step) async throws {
            let stub = HTTPStub()
            let app = AppDriver(
                step, stub: stub,
                configuration: stub.configuration(credential: .accessToken("token-123")))
            await app.launch()

            let request = try #require(stub.requests.first)
            #expect(request.headers["Authorization"] == "Bearer token-123")
            #expect(request.queryItems["api_key"] == nil)
            #expect(request.queryItems["language"] == "en-US")
            #expect(request.queryItems["page"] == "1")
            #expect(request.path == "/3/trending/movie/week")
        }

        @Test(
            "L3: an API key is sent as the api_key query item, with the language chosen",
            arguments: Step.all)
        func apiKeyIsAQueryItem(step: Step) async throws {
            let stub = HTTPStub()
            let app = AppDriver(
                step, stub: stub,
                configuration: stub.configuration(credential: .apiKey("key-456"), language: "ko-KR")
            )
            await app.launch()
            await app.press(.enter)

            // Pages 1 and 2 (20 movies leave room on 24 rows, T6), the detail and its videos;
            // then the detail's poster, which goes to the image host with no credential (P5).
            let apiRequests = stub.requests.filter { $0.path.hasPrefix("/3/") }
            #expect(apiRequests.count == 4)
            for request in apiRequests {
                #expect(request.queryItems["api_key"] == "key-456")
                #expect(request.headers["Authorization"] == nil)
                #expect(request.queryItems["language"] == "ko-KR")
            }
            let posterRequests = stub.requests.filter { $0.path.hasPrefix("/t/p/") }
            #expect(posterRequests.count == 1)
            for request in posterRequests {
                #expect(request.queryItems.isEmpty, "no api_key, no language")
                #expect(request.headers["Authorization"] == nil)
            }
        }

        @Test("L5: --window day opens on today", arguments: Step.all)
        func firstWindowIsChosen(step: Step) async {
            let app = AppDriver(step, timeWindow: .day)
            await app.launch()
            #expect(app.rows[0].contains("today"))
            #expect(app.pageRequests(.day, page: 1).count == 1)
        }

        @Test("L8: a rejected credential's value never appears on screen", arguments: Step.all)
        func credentialNeverShows(step: Step) async {
            let secret = "SENTINEL-SECRET-7f3a"
            let stub = HTTPStub()
            stub.respond(
                to: "/3/trending/movie/week",
                with: .tmdbError(
                    statusCode: 401, code: 7,
                    message: "Invalid API key: You must be granted a valid key."))
            let app = AppDriver(
                step, stub: stub, configuration: stub.configuration(credential: .apiKey(secret)))
            await app.launch()

            #expect(app.screen.contains("TMDB_API_KEY"))
            #expect(!app.screen.contains(secret))
            await app.press(.character("?"))
            #expect(!app.screen.contains(secret))
        }
    }
}
