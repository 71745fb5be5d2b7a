import MoviePresentation
import TerminalUI

/// One row of the trending list, fed with ready-to-show strings.
///
/// The cell only lays text out; deciding what "7.4" or "—" should say is the job of the
/// step's own code (the controller in MVC, the view model from MVVM on).
public struct MovieRowCell: ListCell, Hashable, Sendable {
    public var rank: String
    public var title: String
    public var year: String
    public var rating: String

    public init(rank: String, title: String, year: String, rating: String) {
        self.rank = rank
        self.title = title
        self.year = year
        self.rating = rating
    }

    /// The cell for a row of a `MovieList`, as the list formatted it.
    public init(_ row: MovieRow) {
        self.init(rank: row.rank, title: row.title, year: row.year, rating: row.rating)
    }

    /// Column widths; the title takes what is left.
    static let rankWidth = 5
    static let yearWidth = 4
    static let ratingWidth = 9

    public func draw(in canvas: Canvas, bounds: Rect, isSelected: Bool) {
        let style: Style = isSelected ? .reversed : .plain
        canvas.fill(bounds, style: style)
        canvas.draw(
            Self.text(for: self, width: bounds.width), x: bounds.x, y: bounds.y,
            maxWidth: bounds.width, style: style)
    }

    /// The row as one line of exactly `width` columns: rank, title, year, rating.
    static func text(for cell: MovieRowCell, width: Int) -> String {
        let fixedWidth = rankWidth + 1 + 2 + yearWidth + 2 + ratingWidth
        let titleWidth = max(width - fixedWidth, 1)
        let rank = cell.rank.leftPadded(toWidth: rankWidth)
        let year = cell.year.leftPadded(toWidth: yearWidth)
        let rating = cell.rating.leftPadded(toWidth: ratingWidth)
        let line = "\(rank) \(cell.title.padded(toWidth: titleWidth))  \(year)  \(rating)"
        return line.padded(toWidth: width)
    }
}

extension String {
    /// Right-aligns the text in `width` columns, cutting it when it does not fit.
    func leftPadded(toWidth width: Int) -> String {
        let text = truncated(toWidth: width)
        return String(repeating: " ", count: max(width - text.displayWidth, 0)) + text
    }
}
