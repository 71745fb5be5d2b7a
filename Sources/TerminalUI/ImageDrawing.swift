import Foundation

/// How pictures reach the terminal, decided once at launch (P3, P4).
public enum ImageBackEnd: Sendable, Hashable {
    /// kitty's graphics protocol placed by Unicode placeholder cells (kitty 0.28 on, Ghostty):
    /// the image is sent once, then its cells are text that the renderer diffs like any other.
    case kittyPlaceholders
    /// iTerm2's inline images, OSC 1337 (iTerm2, WezTerm, Konsole, Warp, VS Code, mlterm):
    /// the JPEG as it is, sent again whenever its cells are written.
    case iTermInline
    /// ▀ cells, the top pixel in front and the bottom one behind, in 24-bit colour or in the
    /// 256 colours.
    case halfBlocks(trueColor: Bool)
    /// A neutral frame of the same size with a short label: piped output, key scripts,
    /// `TERM=dumb`, `NO_COLOR` and Xcode's console.
    case plain
}

/// The back end, and whether its escapes pass through tmux to the terminal outside it.
public struct ImageRendering: Sendable, Hashable {
    public var backEnd: ImageBackEnd
    /// Inside tmux the kitty and iTerm2 escapes are wrapped (`ESC P tmux; … ESC \`), which
    /// tmux passes on when `allow-passthrough` is on.
    public var passesThroughTmux: Bool

    public init(backEnd: ImageBackEnd, passesThroughTmux: Bool = false) {
        self.backEnd = backEnd
        self.passesThroughTmux = passesThroughTmux
    }

    public static let plain = ImageRendering(backEnd: .plain)

    /// `sequence` as the terminal outside tmux must get it: wrapped, its ESCs doubled.
    func passThrough(_ sequence: String) -> String {
        guard passesThroughTmux else { return sequence }
        return "\u{1B}Ptmux;" + sequence.replacingOccurrences(of: "\u{1B}", with: "\u{1B}\u{1B}")
            + "\u{1B}\\"
    }
}

/// Which image fills which cells of a frame, whatever the back end drew there.
public struct Picture: Sendable, Equatable {
    public let image: Image
    public let frame: Rect
    /// Where the image came from, as its `source` says.
    public var source: String? { image.source }

    public static func == (lhs: Picture, rhs: Picture) -> Bool {
        lhs.image === rhs.image && lhs.frame == rhs.frame
    }
}

/// The kitty images the terminal holds: each image shown at a size has an id (1–255, sent as
/// a 256-colour foreground, which survives tmux); it is sent once, and deleted after the
/// first frame that no longer shows it.
@MainActor final class KittyImageTable {
    struct Entry {
        let id: Int
        let image: Image
        let columns: Int
        let rows: Int
        var isSent = false
        var isShown = true
    }

    private struct Key: Hashable {
        let serialNumber: Int
        let columns: Int
        let rows: Int
    }

    private var entries: [Key: Entry] = [:]

    func beginFrame() {
        for key in entries.keys {
            entries[key]?.isShown = false
        }
    }

    /// The id the placeholder cells of `image` carry; nil when all 255 are taken.
    func id(for image: Image, columns: Int, rows: Int) -> Int? {
        let key = Key(serialNumber: image.serialNumber, columns: columns, rows: rows)
        if entries[key] != nil {
            entries[key]?.isShown = true
            return entries[key]?.id
        }
        let taken = Set(entries.values.map(\.id))
        guard let id = (1...255).first(where: { !taken.contains($0) }) else { return nil }
        entries[key] = Entry(id: id, image: image, columns: columns, rows: rows)
        return id
    }

    /// The images to send before this frame's cells, and the ids to delete after them.
    func endFrame() -> (send: [Entry], delete: [Int]) {
        var send: [Entry] = []
        var delete: [Int] = []
        for (key, entry) in entries {
            if !entry.isShown {
                if entry.isSent { delete.append(entry.id) }
                entries[key] = nil
            } else if !entry.isSent {
                send.append(entry)
                entries[key]?.isSent = true
            }
        }
        return (send.sorted { $0.id < $1.id }, delete.sorted())
    }

    /// Every id sent, forgotten: to delete them all when the app ends.
    func removeAll() -> [Int] {
        defer { entries = [:] }
        return entries.values.filter(\.isSent).map(\.id).sorted()
    }
}

/// The escapes of the kitty and iTerm2 back ends, exactly as written.
enum ImageEscapes {
    /// The largest base64 payload of one kitty chunk, as the protocol allows.
    static let kittyChunkSize = 4096

    /// Sends `image` under `id` and makes a virtual placement of `columns × rows` cells for
    /// placeholders (`U=1`): `f=24` raw RGB or `f=32` RGBA, base64 in chunks, no replies (`q=2`).
    static func kittyTransmission(
        id: Int, image: Image, columns: Int, rows: Int, rendering: ImageRendering
    ) -> String {
        let payload = Data(image.pixels).base64EncodedString()
        var chunks: [Substring] = []
        var start = payload.startIndex
        while start < payload.endIndex {
            let end =
                payload.index(start, offsetBy: kittyChunkSize, limitedBy: payload.endIndex)
                ?? payload.endIndex
            chunks.append(payload[start..<end])
            start = end
        }
        var output = ""
        for (index, chunk) in chunks.enumerated() {
            let more = index < chunks.count - 1 ? 1 : 0
            let keys =
                index == 0
                ? "a=T,U=1,i=\(id),f=\(image.hasAlpha ? 32 : 24),s=\(image.width),"
                    + "v=\(image.height),c=\(columns),r=\(rows),q=2,m=\(more)"
                : "m=\(more)"
            output += rendering.passThrough("\u{1B}_G\(keys);\(chunk)\u{1B}\\")
        }
        return output
    }

    /// Deletes the image `id` and frees its data (`d=I`).
    static func kittyDelete(id: Int, rendering: ImageRendering) -> String {
        rendering.passThrough("\u{1B}_Ga=d,d=I,i=\(id),q=2\u{1B}\\")
    }

    /// The JPEG at the cell (x, y), filling `columns × rows` cells, the cursor left where it
    /// was. Inside tmux the cursor move goes in the passthrough too, as tmux puts the outer
    /// cursor back after each one.
    static func iTermInlineImage(
        _ jpeg: [UInt8], x: Int, y: Int, columns: Int, rows: Int, rendering: ImageRendering
    ) -> String {
        let move = "\u{1B}[\(y + 1);\(x + 1)H"
        let image =
            "\u{1B}]1337;File=inline=1;size=\(jpeg.count);width=\(columns);height=\(rows);"
            + "preserveAspectRatio=1;doNotMoveCursor=1:\(Data(jpeg).base64EncodedString())\u{07}"
        guard rendering.passesThroughTmux else { return move + image }
        return move + rendering.passThrough("\u{1B}7" + move + image + "\u{1B}8")
    }
}

/// kitty's row and column diacritics: the n-th combining mark after U+10EEEE says row or
/// column n (the first 108 of the protocol's table).
enum KittyPlaceholder {
    static let character: UInt32 = 0x10EEEE

    static let diacritics: [UInt32] = [
        0x0305, 0x030D, 0x030E, 0x0310, 0x0312, 0x033D, 0x033E, 0x033F, 0x0346, 0x034A, 0x034B,
        0x034C, 0x0350, 0x0351, 0x0352, 0x0357, 0x035B, 0x0363, 0x0364, 0x0365, 0x0366, 0x0367,
        0x0368, 0x0369, 0x036A, 0x036B, 0x036C, 0x036D, 0x036E, 0x036F, 0x0483, 0x0484, 0x0485,
        0x0486, 0x0487, 0x0592, 0x0593, 0x0594, 0x0595, 0x0597, 0x0598, 0x0599, 0x059C, 0x059D,
        0x059E, 0x059F, 0x05A0, 0x05A1, 0x05A8, 0x05A9, 0x05AB, 0x05AC, 0x05AF, 0x05C4, 0x0610,
        0x0611, 0x0612, 0x0613, 0x0614, 0x0615, 0x0616, 0x0617, 0x0657, 0x0658, 0x0659, 0x065A,
        0x065B, 0x065D, 0x065E, 0x06D6, 0x06D7, 0x06D8, 0x06D9, 0x06DA, 0x06DB, 0x06DC, 0x06DF,
        0x06E0, 0x06E1, 0x06E2, 0x06E4, 0x06E7, 0x06E8, 0x06EB, 0x06EC, 0x0730, 0x0732, 0x0733,
        0x0735, 0x0736, 0x073A, 0x073D, 0x073F, 0x0740, 0x0741, 0x0743, 0x0745, 0x0747, 0x0749,
        0x074A, 0x07EB, 0x07EC, 0x07ED, 0x07EE, 0x07EF, 0x07F0, 0x07F1, 0x07F3,
    ]

    /// The cell of row `row`, column `column` of a placement.
    static func cell(row: Int, column: Int) -> Character {
        var scalars = String.UnicodeScalarView()
        for value in [character, diacritics[row], diacritics[column]] {
            if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
        }
        return Character(String(scalars))
    }

    /// Row and column of a placeholder cell; nil for any other character.
    static func position(of character: Character) -> (row: Int, column: Int)? {
        let values = character.unicodeScalars.map(\.value)
        guard values.count == 3, values[0] == Self.character,
            let row = diacritics.firstIndex(of: values[1]),
            let column = diacritics.firstIndex(of: values[2])
        else { return nil }
        return (row, column)
    }
}

/// The half-block cells of the last image an image view drew, so that a frame that shows it
/// again at the same size does not average its pixels again.
@MainActor final class HalfBlockCache {
    private var key: (serialNumber: Int, size: Size, trueColor: Bool)?
    private var cells: [Cell] = []

    /// `columns × rows` cells of ▀: each cell's top half is the mean of its part of the
    /// image, in front, and its bottom half behind.
    func cells(for image: Image, size: Size, trueColor: Bool) -> [Cell] {
        if let key, key.serialNumber == image.serialNumber, key.size == size,
            key.trueColor == trueColor
        {
            return cells
        }
        let pixelRows = size.height * 2
        /// The pixels of part `index` of `count` equal parts of `length`, at least one.
        func part(_ index: Int, of count: Int, length: Int) -> Range<Int> {
            let start = index * length / count
            return start..<max((index + 1) * length / count, start + 1)
        }
        func color(column: Int, pixelRow: Int) -> Color {
            let x = part(column, of: size.width, length: image.width)
            let y = part(pixelRow, of: pixelRows, length: image.height)
            let mean = image.averageColor(x: x, y: y)
            return trueColor
                ? .rgb(red: mean.red, green: mean.green, blue: mean.blue)
                : .nearestPaletteColor(red: mean.red, green: mean.green, blue: mean.blue)
        }
        var result: [Cell] = []
        result.reserveCapacity(size.width * size.height)
        for row in 0..<size.height {
            for column in 0..<size.width {
                let style = Style(
                    foreground: color(column: column, pixelRow: row * 2),
                    background: color(column: column, pixelRow: row * 2 + 1))
                result.append(Cell(character: "▀", style: style, isContinuation: false))
            }
        }
        key = (image.serialNumber, size, trueColor)
        cells = result
        return result
    }
}
