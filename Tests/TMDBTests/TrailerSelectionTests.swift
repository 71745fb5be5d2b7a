import Foundation
import TMDB
import Testing

/// D7: official YouTube Trailer, any YouTube Trailer, official Teaser, any Teaser; ties to the
/// newest `published_at`, then the largest `size`.
@Suite struct TrailerSelectionTests {
    static let day: TimeInterval = 86_400

    static func video(
        _ id: String, type: String = "Trailer", site: String = "YouTube", official: Bool = true,
        day: Double? = 0, size: Int = 1080
    ) -> Video {
        Video(
            id: id, key: "key-\(id)", name: id, site: site, type: type, isOfficial: official,
            publishedAt: day.map { Date(timeIntervalSince1970: $0 * Self.day) }, size: size)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var videos: [Video]
        var expectedID: String?
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "official trailer beats everything",
            videos: [
                video("teaser", type: "Teaser"), video("unofficial", official: false, day: 9),
                video("official"), video("clip", type: "Clip", day: 20),
            ],
            expectedID: "official"),
        Case(
            name: "any YouTube trailer beats an official teaser",
            videos: [video("teaser", type: "Teaser", day: 9), video("fan", official: false)],
            expectedID: "fan"),
        Case(
            name: "official teaser beats an unofficial one",
            videos: [
                video("t1", type: "Teaser", official: false, day: 9),
                video("t2", type: "Teaser", official: true, day: 1),
            ],
            expectedID: "t2"),
        Case(
            name: "any teaser when nothing better",
            videos: [video("t", type: "Teaser", official: false), video("f", type: "Featurette")],
            expectedID: "t"),
        Case(
            name: "Vimeo trailers never count",
            videos: [video("vimeo", site: "Vimeo"), video("yt", type: "Teaser", official: false)],
            expectedID: "yt"),
        Case(
            name: "ties go to the newest",
            videos: [video("old", day: 1), video("new", day: 5), video("mid", day: 3)],
            expectedID: "new"),
        Case(
            name: "then to the largest",
            videos: [
                video("small", size: 480), video("large", size: 2160), video("mid", size: 1080),
            ],
            expectedID: "large"),
        Case(
            name: "undated loses to dated",
            videos: [video("undated", day: nil, size: 2160), video("dated", day: 0, size: 360)],
            expectedID: "dated"),
        Case(
            name: "no trailer or teaser means none",
            videos: [video("clip", type: "Clip"), video("bts", type: "Behind the Scenes")],
            expectedID: nil),
        Case(name: "empty list means none", videos: [], expectedID: nil),
    ]

    @Test(arguments: cases)
    func preferredTrailer(_ testCase: Case) {
        #expect(testCase.videos.preferredTrailer()?.id == testCase.expectedID)
        #expect(testCase.videos.reversed().preferredTrailer()?.id == testCase.expectedID)
    }

    @Test func youTubeURL() {
        #expect(
            Self.video("a").youTubeURL?.absoluteString == "https://www.youtube.com/watch?v=key-a")
        #expect(Self.video("a", site: "Vimeo").youTubeURL == nil)
    }
}

/// D1: a key of a YouTube ID's characters is a video; one with any other character (the sample
/// data's search words) is a search, so that no link pretends to be a video.
@Suite struct TrailerLinkTests {
    @Test(arguments: [
        ("SUXWAEX2jlg", "https://www.youtube.com/watch?v=SUXWAEX2jlg"),
        ("key-a_1", "https://www.youtube.com/watch?v=key-a_1"),
        ("Dune: Part Two 2024", "https://www.youtube.com/results?search_query=Dune:+Part+Two+2024"),
        (
            "Lilo & Stitch 2025",
            "https://www.youtube.com/results?search_query=Lilo+%26+Stitch+2025"
        ),
    ])
    func aKeyIsAVideoOrASearch(key: String, link: String) {
        #expect(Video(id: "v", key: key).youTubeURL?.absoluteString == link)
    }

    @Test func onlyYouTubeVideosLink() {
        #expect(Video(id: "v", key: "abc", site: "Vimeo").youTubeURL == nil)
        #expect(Video(id: "v", key: "").youTubeURL == nil)
    }
}
