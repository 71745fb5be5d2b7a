/// The marker codes the decoder acts on (ITU T.81, Table B.1): each follows a `0xFF` byte.
enum Marker {
    static let startOfImage: UInt8 = 0xD8
    static let endOfImage: UInt8 = 0xD9
    static let startOfScan: UInt8 = 0xDA
    static let quantizationTables: UInt8 = 0xDB
    static let huffmanTables: UInt8 = 0xC4
    static let restartInterval: UInt8 = 0xDD
    static let lineCount: UInt8 = 0xDC
    static let arithmeticConditioning: UInt8 = 0xCC
    static let baseline: UInt8 = 0xC0
    static let extendedSequential: UInt8 = 0xC1
    static let progressive: UInt8 = 0xC2
    static let adobe: UInt8 = 0xEE
    static let jfif: UInt8 = 0xE0
    static let restarts: ClosedRange<UInt8> = 0xD0...0xD7
    static let temporary: UInt8 = 0x01

    /// Start-of-frame markers of processes this decoder does not read: lossless, hierarchical
    /// and arithmetic-coded frames.
    static func isUnsupportedFrame(_ code: UInt8) -> Bool {
        (0xC3...0xCF).contains(code) && code != huffmanTables && code != arithmeticConditioning
            && code != 0xC8
    }
}

/// One component of the frame header: its identifier, sampling factors and quantization table.
struct ComponentHeader {
    var identifier: UInt8
    var horizontal: Int
    var vertical: Int
    var quantizationTable: Int
}

/// The frame header (SOF), checked before anything is sized from it.
struct FrameHeader {
    var isProgressive: Bool
    var width: Int
    var height: Int
    var components: [ComponentHeader]
    var maximumHorizontal: Int
    var maximumVertical: Int
}

/// One scan header (SOS): which components, and for a progressive scan which coefficients and
/// bits.
struct ScanHeader {
    /// Indexes into the frame's components, with each one's DC and AC table.
    var components: [(index: Int, dcTable: Int, acTable: Int)]
    var spectralStart: Int
    var spectralEnd: Int
    var approximationHigh: Int
    var approximationLow: Int
}

/// Reads the marker segments of a JPEG file, one at a time, never past its end.
struct MarkerParser {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Checks the start-of-image marker: anything else (PNG, HTML, nothing) is no JPEG.
    mutating func readStartOfImage() throws(JPEGDecodingError) {
        guard bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == Marker.startOfImage else {
            throw .notJPEG
        }
        position = 2
    }

    /// The next marker's code, skipping stray bytes and `0xFF` fill bytes before it as libjpeg
    /// does; `nil` at the end of the file.
    mutating func nextMarker() -> UInt8? {
        while position < bytes.count {
            if bytes[position] != 0xFF {
                position += 1
                continue
            }
            var next = position + 1
            while next < bytes.count, bytes[next] == 0xFF { next += 1 }
            guard next < bytes.count else { return nil }
            position = next + 1
            if bytes[next] != 0 { return bytes[next] }
        }
        return nil
    }

    /// The payload of the segment that starts at `position` (after its marker), as a range of
    /// `bytes`; `position` moves past it.
    mutating func segment() throws(JPEGDecodingError) -> Range<Int> {
        guard position + 2 <= bytes.count else { throw .truncated }
        let length = Int(bytes[position]) << 8 | Int(bytes[position + 1])
        guard length >= 2 else { throw .corrupt("a segment length below 2") }
        guard position + length <= bytes.count else { throw .truncated }
        let payload = (position + 2)..<(position + length)
        position += length
        return payload
    }

    /// The frame header of `bytes`, read without decoding any scan.
    static func frameHeader(
        in bytes: UnsafeBufferPointer<UInt8>
    ) throws(JPEGDecodingError) -> FrameHeader {
        var parser = MarkerParser(bytes: bytes)
        try parser.readStartOfImage()
        while let marker = parser.nextMarker() {
            switch marker {
            case Marker.baseline, Marker.extendedSequential, Marker.progressive:
                return try parser.frame(
                    in: parser.segment(), isProgressive: marker == Marker.progressive)
            case Marker.startOfScan, Marker.endOfImage:
                throw .corrupt("no frame header before the scans")
            case let code where Marker.isUnsupportedFrame(code):
                throw .unsupported(Self.processName(code))
            case Marker.restarts, Marker.temporary, Marker.startOfImage:
                continue
            default:
                _ = try parser.segment()
            }
        }
        throw .truncated
    }

    /// Why a start-of-frame marker is not read, for the error.
    static func processName(_ code: UInt8) -> String {
        switch code {
        case 0xC3, 0xC7, 0xCB, 0xCF: "lossless JPEG"
        case 0xC5, 0xC6, 0xCD, 0xCE: "hierarchical JPEG"
        default: "arithmetic coding"
        }
    }

    /// Parses and checks a frame header (T.81 B.2.2) so that every later size is sane.
    func frame(
        in payload: Range<Int>, isProgressive: Bool
    ) throws(JPEGDecodingError) -> FrameHeader {
        guard payload.count >= 6 else { throw .corrupt("a short frame header") }
        let start = payload.lowerBound
        guard bytes[start] == 8 else {
            throw .unsupported("\(bytes[start])-bit samples")
        }
        let height = Int(bytes[start + 1]) << 8 | Int(bytes[start + 2])
        let width = Int(bytes[start + 3]) << 8 | Int(bytes[start + 4])
        let count = Int(bytes[start + 5])
        guard width > 0 else { throw .corrupt("a frame 0 pixels wide") }
        guard height > 0 else { throw .unsupported("a height given after the scan (DNL)") }
        guard count == 1 || count == 3 else {
            throw count == 4 ? .unsupported("CMYK or YCCK") : .unsupported("\(count) components")
        }
        guard payload.count == 6 + 3 * count else { throw .corrupt("a bad frame header length") }
        guard width * height <= JPEGDecoder.maximumPixelCount else { throw .tooLarge }
        var components: [ComponentHeader] = []
        for index in 0..<count {
            let offset = start + 6 + 3 * index
            let horizontal = Int(bytes[offset + 1] >> 4)
            let vertical = Int(bytes[offset + 1] & 15)
            let table = Int(bytes[offset + 2])
            guard (1...4).contains(horizontal), (1...4).contains(vertical) else {
                throw .corrupt("sampling factors outside 1 to 4")
            }
            guard table < 4 else { throw .corrupt("a quantization table number above 3") }
            guard !components.contains(where: { $0.identifier == bytes[offset] }) else {
                throw .corrupt("two components with one identifier")
            }
            components.append(
                ComponentHeader(
                    identifier: bytes[offset], horizontal: horizontal, vertical: vertical,
                    quantizationTable: table))
        }
        let maximumHorizontal = components.map(\.horizontal).max() ?? 1
        let maximumVertical = components.map(\.vertical).max() ?? 1
        guard components.map({ $0.horizontal * $0.vertical }).reduce(0, +) <= 10 else {
            throw .corrupt("more than 10 blocks in a data unit")
        }
        for component in components
        where maximumHorizontal % component.horizontal != 0
            || maximumVertical % component.vertical != 0
        {
            throw .unsupported("fractional chroma subsampling")
        }
        return FrameHeader(
            isProgressive: isProgressive, width: width, height: height, components: components,
            maximumHorizontal: maximumHorizontal, maximumVertical: maximumVertical)
    }

    /// Parses a scan header (T.81 B.2.3) against the frame.
    func scan(
        in payload: Range<Int>, frame: FrameHeader
    ) throws(JPEGDecodingError) -> ScanHeader {
        guard payload.count >= 1 else { throw .corrupt("a short scan header") }
        let start = payload.lowerBound
        let count = Int(bytes[start])
        guard (1...4).contains(count), payload.count == 4 + 2 * count else {
            throw .corrupt("a bad scan header")
        }
        var components: [(index: Int, dcTable: Int, acTable: Int)] = []
        for position in 0..<count {
            let offset = start + 1 + 2 * position
            guard
                let index = frame.components.firstIndex(where: {
                    $0.identifier == bytes[offset]
                })
            else { throw .corrupt("a scan of a component the frame does not have") }
            guard !components.contains(where: { $0.index == index }) else {
                throw .corrupt("a component twice in one scan")
            }
            let dcTable = Int(bytes[offset + 1] >> 4)
            let acTable = Int(bytes[offset + 1] & 15)
            guard dcTable < 4, acTable < 4 else { throw .corrupt("a Huffman table above 3") }
            components.append((index, dcTable, acTable))
        }
        let tail = start + 1 + 2 * count
        let header = ScanHeader(
            components: components, spectralStart: Int(bytes[tail]),
            spectralEnd: Int(bytes[tail + 1]), approximationHigh: Int(bytes[tail + 2] >> 4),
            approximationLow: Int(bytes[tail + 2] & 15))
        let blocks = components.map {
            frame.components[$0.index].horizontal * frame.components[$0.index].vertical
        }
        guard count == 1 || blocks.reduce(0, +) <= 10 else {
            throw .corrupt("more than 10 blocks in a data unit")
        }
        if frame.isProgressive {
            guard header.spectralStart <= header.spectralEnd, header.spectralEnd < 64,
                header.approximationHigh <= 13, header.approximationLow <= 13
            else { throw .corrupt("a bad progressive scan") }
            guard (header.spectralStart == 0) == (header.spectralEnd == 0) else {
                throw .corrupt("a scan mixing DC and AC coefficients")
            }
            guard
                header.approximationHigh == 0
                    || header.approximationLow == header.approximationHigh - 1
            else { throw .corrupt("a refinement of more than one bit") }
            guard header.spectralStart == 0 || count == 1 else {
                throw .corrupt("an AC scan of several components")
            }
        }
        return header
    }

    /// Reads quantization tables (T.81 B.2.4.1) into `tables`, in natural (row-major) order.
    func quantizationTables(
        in payload: Range<Int>, into tables: inout [[UInt16]?]
    ) throws(JPEGDecodingError) {
        var offset = payload.lowerBound
        while offset < payload.upperBound {
            let precision = Int(bytes[offset] >> 4)
            let index = Int(bytes[offset] & 15)
            guard precision <= 1, index < 4 else { throw .corrupt("a bad quantization table") }
            let size = precision == 0 ? 64 : 128
            guard offset + 1 + size <= payload.upperBound else {
                throw .corrupt("a short quantization table")
            }
            var table = [UInt16](repeating: 0, count: 64)
            for k in 0..<64 {
                let value =
                    precision == 0
                    ? UInt16(bytes[offset + 1 + k])
                    : UInt16(bytes[offset + 1 + 2 * k]) << 8 | UInt16(bytes[offset + 2 + 2 * k])
                table[Zigzag.natural[k]] = value
            }
            tables[index] = table
            offset += 1 + size
        }
    }

    /// Reads Huffman tables (T.81 B.2.4.2); each is built as it is read.
    func huffmanTables(
        in payload: Range<Int>, dc: inout [HuffmanTable?], ac: inout [HuffmanTable?]
    ) throws(JPEGDecodingError) {
        var offset = payload.lowerBound
        while offset < payload.upperBound {
            guard offset + 17 <= payload.upperBound else { throw .corrupt("a short DHT") }
            let tableClass = Int(bytes[offset] >> 4)
            let index = Int(bytes[offset] & 15)
            guard tableClass <= 1, index < 4 else { throw .corrupt("a bad Huffman table") }
            var counts = [Int](repeating: 0, count: 17)
            var total = 0
            for length in 1...16 {
                counts[length] = Int(bytes[offset + length])
                total += counts[length]
            }
            guard total <= 256, offset + 17 + total <= payload.upperBound else {
                throw .corrupt("a bad Huffman table")
            }
            let symbols = Array(bytes[(offset + 17)..<(offset + 17 + total)])
            let table = try HuffmanTable(counts: counts, symbols: symbols)
            if tableClass == 0 { dc[index] = table } else { ac[index] = table }
            offset += 17 + total
        }
    }
}

/// The zigzag order of T.81 Figure A.6.
enum Zigzag {
    /// `natural[k]` is the row-major position of the k-th coefficient in zigzag order; 16 more
    /// entries point at the last coefficient, so that a corrupt run past 63 stays in the block.
    static let natural: [Int] = [
        0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5,
        12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28,
        35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51,
        58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
        63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63,
    ]
}
