import Foundation

/// The display rules every step shares: what a year, a rating, a runtime or a count looks
/// like on screen. Foundation only, like a `DateFormatter`, so that a view model may call it
/// without knowing anything of the screen.
///
/// Where it is called is each step's decision: in the controller for MVC, in the view model
/// from MVVM on.
public enum MovieFormatter {
    /// "2024" from "2024-02-27"; "—" when TMDB has no date (T2).
    public static func year(of releaseDate: String) -> String {
        let year = releaseDate.prefix(4)
        return year.count == 4 && year.allSatisfy(\.isNumber) ? String(year) : "—"
    }

    /// "★ 7.4", or "no rating" when nobody has voted (T2).
    public static func rating(average: Double, count: Int) -> String {
        count == 0 ? "no rating" : "★ " + oneDecimal(average)
    }

    /// What `String(format: "%.1f", value)` gives, without Foundation's formatter for the
    /// values a rating has: a list that reloads formats every row on screen again.
    static func oneDecimal(_ value: Double) -> String {
        let tenths = value * 10
        let fraction = tenths - tenths.rounded(.down)
        // Next to a tie, the product's own rounding could decide the side: printf decides.
        guard value.sign == .plus, value.isFinite, tenths < 1e15, abs(fraction - 0.5) > 1e-6
        else {
            return String(format: "%.1f", value)
        }
        let rounded = Int(tenths.rounded())
        return "\(rounded / 10).\(rounded % 10)"
    }

    /// "today" or "this week": the name of the trending time window (T1).
    public static func timeWindowName(isWeek: Bool) -> String {
        isWeek ? "this week" : "today"
    }

    /// What a screen says in place of "Loading…" while TMDB's rate limit is waited out, the
    /// seconds left counting down: "TMDB is limiting requests; retrying in 2 s" (E6).
    public static func rateLimitWait(secondsLeft: Int) -> String {
        "TMDB is limiting requests; retrying in \(secondsLeft) s"
    }

    /// "All 58 movies", or "1 movie": what an ended list holds (T8, E8).
    public static func allMovies(_ count: Int) -> String {
        count == 1 ? "1 movie" : "All \(grouped(count)) movies"
    }

    /// "1 movie", "58 movies" (E8).
    public static func movieCount(_ count: Int) -> String {
        count == 1 ? "1 movie" : "\(grouped(count)) movies"
    }

    /// The short lines under the tagline: genres; runtime and release date; rating (D1).
    public static func facts(
        genres: [String], runtime minutes: Int?, releaseDate: String, voteAverage: Double,
        voteCount: Int
    ) -> [String] {
        let schedule = [
            runtime(minutes: minutes),
            releaseDate.isEmpty ? "" : "Released \(releaseDate)",
        ]
        return [
            genres.joined(separator: ", "),
            schedule.filter { !$0.isEmpty }.joined(separator: " · "),
            detailedRating(average: voteAverage, count: voteCount),
        ].filter { !$0.isEmpty }
    }

    /// The overview, or "No overview." when TMDB has none (D1).
    public static func overview(_ overview: String) -> String {
        overview.isEmpty ? "No overview." : overview
    }

    /// Up to five top-billed members as "Name as Character" (D1).
    public static func cast(_ cast: [(name: String, character: String)]) -> [String] {
        cast.prefix(5).map { member in
            member.character.isEmpty ? member.name : "\(member.name) as \(member.character)"
        }
    }

    /// "2h 19m"; empty when TMDB does not know (D1).
    public static func runtime(minutes: Int?) -> String {
        guard let minutes, minutes > 0 else { return "" }
        switch (minutes / 60, minutes % 60) {
        case (0, let rest): return "\(rest)m"
        case (let hours, 0): return "\(hours)h"
        case (let hours, let rest): return "\(hours)h \(rest)m"
        }
    }

    /// "★ 8.4 (12,345 votes)", or "no rating" when nobody has voted (D1, E8).
    public static func detailedRating(average: Double, count: Int) -> String {
        guard count > 0 else { return "no rating" }
        let votes = count == 1 ? "1 vote" : "\(grouped(count)) votes"
        return "★ " + String(format: "%.1f", average) + " (\(votes))"
    }

    /// "12,345": digits grouped by three, the same in every locale.
    static func grouped(_ number: Int) -> String {
        var digits = String(number)
        var groups: [Substring] = []
        while digits.count > 3 {
            groups.insert(Substring(digits.suffix(3)), at: 0)
            digits.removeLast(3)
        }
        groups.insert(Substring(digits), at: 0)
        return groups.joined(separator: ",")
    }
}
