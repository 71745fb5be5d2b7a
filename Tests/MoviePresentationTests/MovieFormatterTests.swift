import Foundation
import MoviePresentation
import Testing

/// The display rules every step calls, checked once here instead of once per step.
@Suite("MovieFormatter")
struct MovieFormatterTests {
    @Test(
        "T2: the year comes from the release date; no date shows a dash",
        arguments: [
            ("2024-02-27", "2024"), ("", "—"), ("20", "—"), ("abcd-01-01", "—"), ("1999", "1999"),
        ])
    func year(releaseDate: String, expected: String) {
        #expect(MovieFormatter.year(of: releaseDate) == expected)
    }

    @Test("T2: a row's rating has one decimal; nobody voting shows no rating")
    func rowRating() {
        #expect(MovieFormatter.rating(average: 7.44, count: 12) == "★ 7.4")
        #expect(MovieFormatter.rating(average: 10, count: 1) == "★ 10.0")
        #expect(MovieFormatter.rating(average: 0, count: 0) == "no rating")
        #expect(MovieFormatter.rating(average: 6.5, count: 0) == "no rating")
    }

    /// T2: every rating TMDB can send (three decimals from 0 to 10), the halves printf
    /// rounds to even, and values that are not ratings, as `String(format: "%.1f")` gives them.
    @Test("a rating reads as printf's %.1f would print it (T2)")
    func oneDecimalIsPrintfs() {
        let thousandths = (0...10_000).map { Double($0) / 1000 }
        let others: [Double] = [
            0.05, 0.15, 0.25, 7.25, 7.35, 9.95, 0.45, 2.675, 1e15, 123_456.75, -0.0, -1.25,
            .infinity, .nan, .leastNonzeroMagnitude, 9.999_999_999,
        ]
        let wrong = (thousandths + others).filter { value in
            MovieFormatter.rating(average: value, count: 1) != "★ " + String(format: "%.1f", value)
        }
        #expect(wrong.isEmpty, "differs from printf for \(wrong.prefix(5))")
    }

    @Test(
        "D1: runtime as hours and minutes, omitted when unknown",
        arguments: [
            (139, "2h 19m"), (60, "1h"), (45, "45m"), (0, ""), (-5, ""), (nil, ""), (600, "10h"),
        ] as [(Int?, String)])
    func runtime(minutes: Int?, expected: String) {
        #expect(MovieFormatter.runtime(minutes: minutes) == expected)
    }

    @Test("D1, E8: the detail's rating counts votes in English, grouped the same in every locale")
    func detailedRating() {
        #expect(
            MovieFormatter.detailedRating(average: 8.44, count: 12_345) == "★ 8.4 (12,345 votes)")
        #expect(MovieFormatter.detailedRating(average: 5, count: 1) == "★ 5.0 (1 vote)")
        #expect(MovieFormatter.detailedRating(average: 7, count: 999) == "★ 7.0 (999 votes)")
        #expect(
            MovieFormatter.detailedRating(average: 7, count: 1_234_567)
                == "★ 7.0 (1,234,567 votes)")
        #expect(MovieFormatter.detailedRating(average: 0, count: 0) == "no rating")
    }

    @Test(
        "E8: counts of movies read as English",
        arguments: [
            (0, "0 movies"), (1, "1 movie"), (2, "2 movies"), (10_000, "10,000 movies"),
        ])
    func movieCount(count: Int, expected: String) {
        #expect(MovieFormatter.movieCount(count) == expected)
    }

    @Test("T1: the time windows' names")
    func timeWindowNames() {
        #expect(MovieFormatter.timeWindowName(isWeek: false) == "today")
        #expect(MovieFormatter.timeWindowName(isWeek: true) == "this week")
    }

    @Test("D1: facts, overview and cast of a detail")
    func detail() {
        #expect(
            MovieFormatter.facts(
                genres: ["Science Fiction", "Adventure"], runtime: 167,
                releaseDate: "2024-02-27", voteAverage: 8.15, voteCount: 6_000) == [
                    "Science Fiction, Adventure", "2h 47m · Released 2024-02-27",
                    "★ 8.2 (6,000 votes)",
                ])
        let cast = (1...7).map { ("Actor \($0)", $0 == 2 ? "" : "Role \($0)") }
        #expect(
            MovieFormatter.cast(cast) == [
                "Actor 1 as Role 1", "Actor 2", "Actor 3 as Role 3", "Actor 4 as Role 4",
                "Actor 5 as Role 5",
            ])
        #expect(MovieFormatter.overview("") == "No overview.")
        #expect(MovieFormatter.overview("Paul joins the Fremen.") == "Paul joins the Fremen.")
    }

    @Test("D1: an unknown date, runtime and genres leave only what is known")
    func sparseDetail() {
        #expect(
            MovieFormatter.facts(
                genres: [], runtime: nil, releaseDate: "", voteAverage: 0, voteCount: 0)
                == ["no rating"])
    }
}
