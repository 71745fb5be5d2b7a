/// A text-grid terminal for tests: interprets what the renderer writes (cursor moves, erase, SGR).
///
/// It understands exactly the sequences the renderer uses (CUP, ED 2, EL, SGR, private modes,
/// OSC 8 hyperlinks), so a test that reads `rows` sees what a real terminal would show.
///
/// Pictures: it keeps which image the last frame showed in which cells (`pictures`,
/// `picture(atX:y:)`), whatever the back end drew; and it reads what the kitty and half-block
/// back ends write, as a terminal would: the kitty images it holds (`kittyImageCount`), the
/// placeholder cells (`kittyPlaceholder(atX:y:)`) and each cell's colours, tmux's
/// passthrough unwrapped.
@MainActor
public final class VirtualTerminal: TerminalDevice, EventQueueReporting,
    HyperlinkReporting, PictureRecording
{
    public private(set) var size: Size
    public let events: AsyncStream<TerminalEvent>
    public private(set) var bytesWritten = 0
    public private(set) var writeCount = 0
    /// The bytes of the last `write`, to measure one frame.
    public private(set) var lastWrite: [UInt8] = []
    /// Keys and resizes typed but not taken in by the application yet.
    public private(set) var unconsumedEventCount = 0
    /// Whether the application sends it OSC 8 hyperlinks, as to a real terminal; off unless
    /// a test turns it on before the application starts. The links show in `links`.
    var showsHyperlinks = false
    /// The hyperlink of each cell, as the last OSC 8 sequences left them; nil for none.
    private(set) var links: [[String?]]
    private var currentLink: String?
    /// The colours of each cell, as the last SGR sequences left them.
    private var cellColors: [[CellColors]]
    private var currentColors = CellColors()
    private let continuation: AsyncStream<TerminalEvent>.Continuation
    /// Cells; nil marks the second column of a wide character.
    private var grid: [[Character?]]
    /// `rows` as last read, until a write or a resize changes the grid: a test reads them
    /// after every key.
    private var cachedRows: [String]?
    private var cursorX = 0
    private var cursorY = 0
    private var parser = OutputParser()
    /// Which image the last frame showed in which cells.
    public private(set) var pictures: [Picture] = []
    /// The kitty images sent and not deleted, by id.
    private var kittyImages: Set<Int> = []
    /// The id of a kitty image whose chunks are still coming.
    private var kittyImageInTransit: Int?
    /// iTerm2 inline images received (OSC 1337 `File=`), in order: where and how large.
    public private(set) var inlineImages: [Rect] = []
    /// Decodes what `receive(_:)` is given, as the real terminal's input thread does.
    private var inputDecoder = InputDecoder()

    public init(width: Int = 80, height: Int = 24) {
        size = Size(width: width, height: height)
        (events, continuation) = AsyncStream.makeStream(of: TerminalEvent.self)
        grid = Self.blankGrid(Size(width: width, height: height))
        links = Self.blankLinks(Size(width: width, height: height))
        cellColors = Self.blankColors(Size(width: width, height: height))
    }

    deinit {
        continuation.finish()
    }

    /// Screen text, trailing spaces trimmed.
    public var rows: [String] {
        if let cachedRows { return cachedRows }
        let rows = grid.map { row in
            var line = ""
            for case let character? in row {
                line.append(character)
            }
            while line.last == " " {
                line.removeLast()
            }
            return line
        }
        cachedRows = rows
        return rows
    }

    public func write(_ bytes: [UInt8]) {
        cachedRows = nil
        bytesWritten += bytes.count
        writeCount += 1
        lastWrite = bytes
        for command in parser.parse(bytes) {
            apply(command)
        }
    }

    /// The picture that fills the cell at (x, y) in the last frame, if any.
    public func picture(atX x: Int, y: Int) -> Picture? {
        pictures.last { picture in
            (picture.frame.x..<picture.frame.maxX).contains(x)
                && (picture.frame.y..<picture.frame.maxY).contains(y)
        }
    }

    /// Whether every frame is kept in `frames`.
    public var keepsFrames = false
    /// Every frame drawn while `keepsFrames` is set: its rows and pictures, for a test that
    /// must know something never showed, not even for one frame.
    public private(set) var frames: [(rows: [String], pictures: [Picture])] = []

    func record(_ pictures: [Picture]) {
        if keepsFrames {
            frames.append((rows, pictures))
        }
        self.pictures = pictures
    }

    /// How many kitty images the terminal holds: sent, and not deleted yet.
    public var kittyImageCount: Int { kittyImages.count }

    /// The kitty placeholder at (x, y): the image id its foreground colour carries, and the
    /// row and column of the image its diacritics name; nil for any other cell.
    public func kittyPlaceholder(atX x: Int, y: Int) -> (imageID: Int, row: Int, column: Int)? {
        guard y >= 0, y < grid.count, x >= 0, x < grid[y].count, let character = grid[y][x],
            let position = KittyPlaceholder.position(of: character)
        else { return nil }
        let id: Int
        switch cellColors[y][x].foreground {
        case .palette(let index): id = Int(index)
        case .rgb(let red, let green, let blue): id = Int(red) << 16 | Int(green) << 8 | Int(blue)
        default: return nil
        }
        return (id, position.row, position.column)
    }

    /// The colours of the half block (▀) at (x, y), its top half and its bottom half; nil
    /// for any other cell.
    public func halfBlock(atX x: Int, y: Int) -> (top: Color, bottom: Color)? {
        guard y >= 0, y < grid.count, x >= 0, x < grid[y].count, grid[y][x] == "▀",
            let top = cellColors[y][x].foreground, let bottom = cellColors[y][x].background
        else { return nil }
        return (top, bottom)
    }

    /// Bytes from the terminal, as one read: the keys among them are typed, and replies to
    /// queries go to the application as replies, as on the real terminal. What is left of
    /// a key or a reply split across reads waits for the next call.
    public func receive(_ bytes: [UInt8]) {
        let keys = inputDecoder.feed(bytes)
        let replies = inputDecoder.takeReplies()
        if !replies.isEmpty {
            unconsumedEventCount += 1
            continuation.yield(.replies(replies))
        }
        type(keys)
    }

    /// The colours the cell at (x, y) shows in, as SGR left them; nil for the terminal's own.
    public func colors(atX x: Int, y: Int) -> (foreground: Color?, background: Color?) {
        guard y >= 0, y < cellColors.count, x >= 0, x < cellColors[y].count else {
            return (nil, nil)
        }
        let colors = cellColors[y][x]
        return (colors.foreground, colors.background)
    }

    public func type(_ keys: Key...) {
        type(keys)
    }

    /// Types the keys as they would arrive in one read: all at once, taken in one by one.
    public func type(_ keys: [Key]) {
        guard !keys.isEmpty else { return }
        unconsumedEventCount += 1
        continuation.yield(.keys(keys))
    }

    /// Types every character of `text` as its own key, in one read.
    public func type(text: String) {
        type(text.map { Key.character($0) })
    }

    public func resize(width: Int, height: Int) {
        cachedRows = nil
        size = Size(width: width, height: height)
        grid = grid.prefix(height).map {
            Array($0.prefix(width)) + Array(repeating: " ", count: max(width - $0.count, 0))
        }
        grid += Self.blankGrid(Size(width: width, height: max(height - grid.count, 0)))
        links = Self.blankLinks(size)
        cellColors = Self.blankColors(size)
        unconsumedEventCount += 1
        continuation.yield(.resize(size))
    }

    func didConsumeEvent() {
        unconsumedEventCount = max(unconsumedEventCount - 1, 0)
    }

    private static func blankLinks(_ size: Size) -> [[String?]] {
        Array(
            repeating: Array(repeating: nil, count: max(size.width, 0)), count: max(size.height, 0))
    }

    private static func blankColors(_ size: Size) -> [[CellColors]] {
        Array(
            repeating: Array(repeating: CellColors(), count: max(size.width, 0)),
            count: max(size.height, 0))
    }

    private static func blankGrid(_ size: Size) -> [[Character?]] {
        Array(
            repeating: Array(repeating: " ", count: max(size.width, 0)), count: max(size.height, 0))
    }

    private func apply(_ command: OutputParser.Command) {
        switch command {
        case .print(let character):
            put(character)
        case .moveCursor(let row, let column):
            cursorY = min(max(row - 1, 0), max(size.height - 1, 0))
            cursorX = min(max(column - 1, 0), max(size.width - 1, 0))
        case .eraseScreen:
            grid = Self.blankGrid(size)
            links = Self.blankLinks(size)
            cellColors = Self.blankColors(size)
        case .graphicRendition(let parameters):
            currentColors.apply(parameters)
        case .kittyGraphics(let keys):
            applyKittyGraphics(keys)
        case .inlineImage(let width, let height):
            inlineImages.append(Rect(x: cursorX, y: cursorY, width: width, height: height))
        case .hyperlink(let address):
            currentLink = address
        case .eraseToEndOfLine:
            guard cursorY < grid.count else { return }
            for x in cursorX..<size.width {
                grid[cursorY][x] = " "
                links[cursorY][x] = nil
                cellColors[cursorY][x] = CellColors(background: currentColors.background)
            }
            if cursorX > 0, grid[cursorY][cursorX - 1] != nil, cursorX < size.width,
                grid[cursorY][cursorX] == nil
            {
                grid[cursorY][cursorX] = " "
            }
        case .carriageReturn:
            cursorX = 0
        case .lineFeed:
            cursorY = min(cursorY + 1, size.height - 1)
        }
    }

    /// kitty's graphics commands: an image counts once its last chunk (`m=0`) has come;
    /// `a=d` with `d=I` or `d=i` deletes the image `i`, with `d=A` or `d=a` all of them.
    private func applyKittyGraphics(_ keys: [String: String]) {
        let id = keys["i"].flatMap { Int($0) }
        switch keys["a"] {
        case "d":
            switch keys["d"] {
            case "I", "i": if let id { kittyImages.remove(id) }
            case "A", "a", nil: kittyImages.removeAll()
            default: break
            }
            return
        case "t", "T":
            kittyImageInTransit = id
        case nil where kittyImageInTransit != nil:
            break
        default:
            return
        }
        if keys["m"] != "1", let id = kittyImageInTransit {
            kittyImages.insert(id)
            kittyImageInTransit = nil
        }
    }

    private func put(_ character: Character) {
        let width = character.displayWidth
        guard width > 0, cursorY < size.height, cursorX + width <= size.width else { return }
        for x in cursorX..<(cursorX + width) {
            eraseWideCharacter(at: x)
        }
        grid[cursorY][cursorX] = character
        links[cursorY][cursorX] = currentLink
        cellColors[cursorY][cursorX] = currentColors
        if width == 2 {
            grid[cursorY][cursorX + 1] = nil
            links[cursorY][cursorX + 1] = currentLink
            cellColors[cursorY][cursorX + 1] = currentColors
        }
        cursorX = min(cursorX + width, size.width - 1)
    }

    /// Writing over either half of a wide character erases all of it, as a terminal does:
    /// no half of one is left standing beside what replaces the other.
    private func eraseWideCharacter(at x: Int) {
        if grid[cursorY][x] == nil {
            if x > 0 { grid[cursorY][x - 1] = " " }
            grid[cursorY][x] = " "
        } else if x + 1 < size.width, grid[cursorY][x + 1] == nil {
            grid[cursorY][x + 1] = " "
        }
    }
}

/// Splits terminal output into the commands `VirtualTerminal` understands; SGR and private
/// modes carry no text and are dropped.
struct OutputParser {
    enum Command: Equatable {
        case print(Character)
        case moveCursor(row: Int, column: Int)
        case eraseScreen
        case eraseToEndOfLine
        case carriageReturn
        case lineFeed
        /// OSC 8: the text after it links to the address, or to nothing.
        case hyperlink(String?)
        /// SGR: the numbers between `ESC [` and `m`.
        case graphicRendition([Int])
        /// kitty's `ESC _ G keys ; payload ESC \`: the keys.
        case kittyGraphics([String: String])
        /// iTerm2's OSC 1337 `File=`, `width` × `height` cells at the cursor.
        case inlineImage(width: Int, height: Int)
    }

    private var pending: [UInt8] = []

    mutating func parse(_ bytes: [UInt8]) -> [Command] {
        pending += bytes
        var commands: [Command] = []
        var text: [UInt8] = []
        var index = 0
        func flushText() {
            for character in String(decoding: text, as: UTF8.self) {
                commands.append(.print(character))
            }
            text = []
        }
        while index < pending.count {
            let byte = pending[index]
            switch byte {
            case 0x1B:
                guard index + 1 < pending.count else { break }
                if pending[index + 1] == UInt8(ascii: "]") {
                    // OSC … ST (ESC \) or BEL: OSC 8, a hyperlink, and 1337, an inline image.
                    guard let end = Self.stringEnd(in: pending, from: index + 2) else { break }
                    flushText()
                    let body = String(decoding: pending[(index + 2)..<end.start], as: UTF8.self)
                    if body.hasPrefix("8;"), let separator = body.dropFirst(2).firstIndex(of: ";") {
                        let address = String(body[body.index(after: separator)...])
                        commands.append(.hyperlink(address.isEmpty ? nil : address))
                    } else if body.hasPrefix("1337;File="), let colon = body.firstIndex(of: ":") {
                        let keys = Self.keys(
                            body[body.index(body.startIndex, offsetBy: 10)..<colon])
                        commands.append(
                            .inlineImage(
                                width: keys["width"].flatMap { Int($0) } ?? 0,
                                height: keys["height"].flatMap { Int($0) } ?? 0))
                    }
                    index = end.next
                    continue
                }
                if pending[index + 1] == UInt8(ascii: "_") {
                    // APC … ST: kitty's graphics commands, `G` and keys before the payload.
                    guard let end = Self.stringEnd(in: pending, from: index + 2) else { break }
                    flushText()
                    let body = String(decoding: pending[(index + 2)..<end.start], as: UTF8.self)
                    if body.hasPrefix("G") {
                        let control = body.dropFirst().prefix { $0 != ";" }
                        commands.append(.kittyGraphics(Self.keys(control, separator: ",")))
                    }
                    index = end.next
                    continue
                }
                if pending[index + 1] == UInt8(ascii: "P") {
                    // DCS … ST; tmux's passthrough (`tmux;` and the sequence, its ESCs
                    // doubled) goes on as the terminal outside would get it.
                    guard let end = Self.passthroughEnd(in: pending, from: index + 2) else { break }
                    flushText()
                    let body = Array(pending[(index + 2)..<end.start])
                    let prefix = Array("tmux;".utf8)
                    var inner: [UInt8] = []
                    if body.starts(with: prefix) {
                        var position = prefix.count
                        while position < body.count {
                            inner.append(body[position])
                            position += body[position] == 0x1B ? 2 : 1
                        }
                    }
                    pending.replaceSubrange(index..<end.next, with: inner)
                    continue
                }
                guard pending[index + 1] == UInt8(ascii: "[") else {
                    index += 2
                    continue
                }
                var end = index + 2
                while end < pending.count, !(0x40...0x7E).contains(pending[end]) {
                    end += 1
                }
                guard end < pending.count else { break }
                flushText()
                let parameters = String(decoding: pending[(index + 2)..<end], as: UTF8.self)
                if let command = Self.command(parameters: parameters, final: pending[end]) {
                    commands.append(command)
                }
                index = end + 1
                continue
            case 0x0D:
                flushText()
                commands.append(.carriageReturn)
            case 0x0A:
                flushText()
                commands.append(.lineFeed)
            case 0x00..<0x20, 0x7F:
                break
            default:
                text.append(byte)
            }
            if byte == 0x1B { break }
            index += 1
        }
        flushText()
        pending.removeFirst(index)
        return commands
    }

    /// `a=T,i=3` (or `width=4;height=2` with ";") as a dictionary.
    private static func keys(_ text: Substring, separator: Character = ";") -> [String: String] {
        var keys: [String: String] = [:]
        for pair in text.split(separator: separator) {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { keys[String(parts[0])] = String(parts[1]) }
        }
        return keys
    }

    /// Where a DCS ends: at ESC \, a doubled ESC inside being an escaped one (tmux).
    private static func passthroughEnd(in bytes: [UInt8], from start: Int) -> (
        start: Int, next: Int
    )? {
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == 0x1B {
                if bytes[index + 1] == UInt8(ascii: "\\") { return (index, index + 2) }
                index += 2
                continue
            }
            index += 1
        }
        return nil
    }

    /// Where a string command that starts at `start` ends: its terminator's first byte, and
    /// the byte after the terminator; nil while the terminator has not arrived.
    private static func stringEnd(in bytes: [UInt8], from start: Int) -> (start: Int, next: Int)? {
        var index = start
        while index < bytes.count {
            if bytes[index] == 0x07 { return (index, index + 1) }
            if bytes[index] == 0x1B {
                guard index + 1 < bytes.count else { return nil }
                return (index, index + (bytes[index + 1] == UInt8(ascii: "\\") ? 2 : 1))
            }
            index += 1
        }
        return nil
    }

    private static func command(parameters: String, final: UInt8) -> Command? {
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map {
            Int($0) ?? 0
        }
        switch final {
        case UInt8(ascii: "H"):
            return .moveCursor(
                row: max(numbers.first ?? 1, 1), column: max(numbers.count > 1 ? numbers[1] : 1, 1))
        case UInt8(ascii: "J"):
            return parameters == "2" ? .eraseScreen : nil
        case UInt8(ascii: "K"):
            return parameters.isEmpty || parameters == "0" ? .eraseToEndOfLine : nil
        case UInt8(ascii: "m"):
            return parameters.hasPrefix("?") || parameters.hasPrefix(">")
                ? nil : .graphicRendition(numbers)
        default:
            return nil
        }
    }
}

/// The colours a cell shows in: SGR's foreground and background, nil for the terminal's own.
struct CellColors: Equatable {
    var foreground: Color?
    var background: Color?

    /// Follows one SGR: 0 resets, 30–37 and 90–97 (40–47, 100–107) name a colour, 38 and 48
    /// take `5;n` or `2;r;g;b`, 39 and 49 go back to the terminal's own. Bold and the rest
    /// change no colour.
    mutating func apply(_ parameters: [Int]) {
        var index = 0
        while index < parameters.count {
            let parameter = parameters[index]
            index += 1
            switch parameter {
            case 0:
                self = CellColors()
            case 30...37, 90...97:
                foreground = Self.named(parameter)
            case 40...47, 100...107:
                background = Self.named(parameter - 10)
            case 39:
                foreground = nil
            case 49:
                background = nil
            case 38, 48:
                let color: Color?
                if index + 1 < parameters.count, parameters[index] == 5 {
                    color = .palette(UInt8(clamping: parameters[index + 1]))
                    index += 2
                } else if index + 3 < parameters.count, parameters[index] == 2 {
                    color = .rgb(
                        red: UInt8(clamping: parameters[index + 1]),
                        green: UInt8(clamping: parameters[index + 2]),
                        blue: UInt8(clamping: parameters[index + 3]))
                    index += 4
                } else {
                    color = nil
                    index = parameters.count
                }
                if parameter == 38 { foreground = color } else { background = color }
            default:
                break
            }
        }
    }

    private static func named(_ parameter: Int) -> Color? {
        switch parameter {
        case 31: .red
        case 32: .green
        case 33: .yellow
        case 34: .blue
        case 35: .magenta
        case 36: .cyan
        case 90: .gray
        default: nil
        }
    }
}
