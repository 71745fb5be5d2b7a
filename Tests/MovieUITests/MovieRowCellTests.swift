import MoviePresentation
import TerminalUI
import Testing

@testable import MovieUI

@Suite("MovieRowCell")
@MainActor
struct MovieRowCellTests {
    let cell = MovieRowCell(rank: "12", title: "Dune: Part Two", year: "2024", rating: "★ 8.2")

    @Test("T2: rank, title, year and rating in their columns")
    func columns() {
        let line = MovieRowCell.text(for: cell, width: 60)
        #expect(line.displayWidth == 60)
        #expect(line.hasPrefix("   12 Dune: Part Two "))
        #expect(line.hasSuffix("  2024      ★ 8.2"))
    }

    @Test(
        "T3: any width, any title: the row is exactly as wide as the list",
        arguments: [40, 57, 80, 200])
    func rowFitsTheWidth(width: Int) {
        for title in [
            "", "A", String(repeating: "괴물", count: 80),
            "e\u{301}" + String(repeating: "x", count: 300),
        ] {
            var cell = cell
            cell.title = title
            #expect(MovieRowCell.text(for: cell, width: width).displayWidth == width)
        }
    }

    @Test("T2: a selected row is drawn reversed across the whole width")
    func selectedRowIsReversed() {
        let canvas = Canvas(size: Size(width: 40, height: 1))
        cell.draw(in: canvas, bounds: Rect(x: 0, y: 0, width: 40, height: 1), isSelected: true)
        #expect(canvas.lines[0].hasPrefix("   12 Dune"))
    }
}

@Suite("MovieDetailContent")
struct MovieDetailContentTests {
    let content = MovieDetailContent(
        tagline: "Long live the fighters.",
        facts: ["Science Fiction, Adventure", "2h 46m · Released 2024-02-27"],
        overview: "An overview.", cast: ["Timothée Chalamet as Paul Atreides"],
        trailerLink: "https://www.youtube.com/watch?v=Way9Dexny3w")

    @Test(
        "D1: the blocks read tagline, facts, overview, cast, trailer: no title, the header has it")
    func blocksInReadingOrder() {
        let texts = content.blocks.map(\.text).filter { !$0.isEmpty }
        #expect(
            texts == [
                "Long live the fighters.", "Science Fiction, Adventure",
                "2h 46m · Released 2024-02-27", "An overview.", "Cast",
                "Timothée Chalamet as Paul Atreides",
                "Trailer: https://www.youtube.com/watch?v=Way9Dexny3w",
            ])
    }

    @Test("D1: a cast entry hangs under its first line; the trailer line links to the address")
    func castHangsAndTrailerLinks() throws {
        let cast = try #require(content.blocks.first { $0.text.hasPrefix("Timothée") })
        #expect(cast.indent == 2)
        #expect(cast.hangingIndent == 2)
        let trailer = try #require(content.blocks.last)
        #expect(trailer.link == "https://www.youtube.com/watch?v=Way9Dexny3w")
        #expect(content.blocks.filter { $0.link != nil }.count == 1)
    }

    @Test("D1 D3: no tagline, no cast and no trailer leave no empty lines behind")
    func missingPartsAreLeftOut() {
        var content = content
        content.tagline = ""
        content.cast = []
        content.trailerLink = ""
        let texts = content.blocks.map(\.text)
        #expect(!texts.contains("Cast"))
        #expect(!texts.contains { $0.hasPrefix("Trailer") })
        #expect(texts.last == "An overview.")
    }
}
