import Foundation
import TMDBTestSupport

/// TMDB responses made up for the bench, in TMDB's exact shapes (as the acceptance fixtures).
enum Fixtures {
    /// Page `page` of a list of `totalPages`, holding movies `ids`, titled "Movie <id>".
    static func page(
        _ page: Int, of totalPages: Int, ids: ClosedRange<Int>, delay: Duration = .zero
    )
        -> StubResponse
    {
        var body = #"{"page":\#(page),"results":["#
        body.reserveCapacity(ids.count * 330 + 100)
        for id in ids {
            if id != ids.lowerBound { body += "," }
            body += """
                {"adult":false,"backdrop_path":null,"id":\(id),"title":"Movie \(id)",\
                "original_title":"Movie \(id)","original_language":"en","overview":"",\
                "poster_path":null,"media_type":"movie","genre_ids":[18],"popularity":10.5,\
                "release_date":"2024-03-01","video":false,"vote_average":7.4,"vote_count":1200}
                """
        }
        body += #"],"total_pages":\#(totalPages),"total_results":\#(totalPages * ids.count)}"#
        return .json(body, delay: delay)
    }

    /// A detail with credits appended, titled `title`.
    static func detail(id: Int, title: String, delay: Duration) -> StubResponse {
        let body = """
            {"adult":false,"id":\(id),"title":"\(title)","original_title":"\(title)",\
            "tagline":"A line under the title.","overview":"An overview for the bench.",\
            "genres":[{"id":18,"name":"Drama"}],"runtime":139,"release_date":"2024-02-27",\
            "status":"Released","vote_average":8.4,"vote_count":12345,"poster_path":null,\
            "backdrop_path":null,"budget":0,"homepage":"","imdb_id":null,"original_language":"en",\
            "popularity":1.0,"revenue":0,"video":false,"belongs_to_collection":null,\
            "credits":{"cast":[{"id":100,"name":"Ada One","character":"Pilot","order":0,\
            "profile_path":null}],"crew":[]}}
            """
        return .json(body, delay: delay)
    }

    /// One official YouTube trailer.
    static func videos(id: Int, delay: Duration) -> StubResponse {
        let body = """
            {"id":\(id),"results":[{"iso_639_1":"en","iso_3166_1":"US","name":"Trailer",\
            "key":"bench-key","site":"YouTube","size":1080,"type":"Trailer","official":true,\
            "published_at":"2024-01-10T17:00:05.000Z","id":"v0"}]}
            """
        return .json(body, delay: delay)
    }
}
