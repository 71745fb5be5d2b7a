/// One component's coefficients and decoding state.
final class ComponentState {
    let header: ComponentHeader
    /// Blocks a row and rows of blocks, whole MCUs (what an interleaved scan codes).
    let blocksPerLine: Int
    let blockRows: Int
    /// Blocks that hold picture, a row and rows (what a scan of this component alone codes).
    let usedBlocksPerLine: Int
    let usedBlockRows: Int
    /// Samples a block side at the output scale: 8 at full size; at 1/8, 1, or 2 where libjpeg
    /// gives the component its 2×2 reduced IDCT (chroma halved both ways).
    let scaledBlockSize: Int
    /// Coefficients kept a block: all 64, or only the DC where that is all the scale uses.
    let coefficientsPerBlock: Int
    let coefficients: UnsafeMutablePointer<Int16>
    /// The quantizers, in natural order, as they were at the component's first scan.
    var quantizers: [UInt16]?
    var dcPredictor = 0
    /// For a progressive frame, the lowest bit of each zigzag coefficient coded so far; -1
    /// while it is not coded at all.
    var precision = [Int](repeating: -1, count: 64)

    init(header: ComponentHeader, frame: FrameHeader, scale: JPEGScale) {
        self.header = header
        let mcuColumns =
            (frame.width + 8 * frame.maximumHorizontal - 1)
            / (8 * frame.maximumHorizontal)
        let mcuRows = (frame.height + 8 * frame.maximumVertical - 1) / (8 * frame.maximumVertical)
        blocksPerLine = mcuColumns * header.horizontal
        blockRows = mcuRows * header.vertical
        let width =
            (frame.width * header.horizontal + frame.maximumHorizontal - 1)
            / frame.maximumHorizontal
        let height =
            (frame.height * header.vertical + frame.maximumVertical - 1)
            / frame.maximumVertical
        usedBlocksPerLine = (width + 7) / 8
        usedBlockRows = (height + 7) / 8
        var size = 8
        if scale == .eighth {
            // libjpeg's choice (jdmaster.c): double while halved again both ways.
            size = 1
            while size < 8, frame.maximumHorizontal % (header.horizontal * size * 2) == 0,
                frame.maximumVertical % (header.vertical * size * 2) == 0
            {
                size *= 2
            }
        }
        scaledBlockSize = size
        coefficientsPerBlock = size == 1 ? 1 : 64
        let count = blocksPerLine * blockRows * coefficientsPerBlock
        coefficients = .allocate(capacity: count)
        coefficients.initialize(repeating: 0, count: count)
    }

    deinit { coefficients.deallocate() }
}

/// Walks a JPEG file's markers and scans (T.81 Annex B, F and G) into coefficients, then turns
/// them into pixels at the requested scale.
struct FrameDecoder {
    /// More scans than any encoder writes; a bound on the work a crafted file can ask for.
    static let maximumScans = 256

    let bytes: UnsafeBufferPointer<UInt8>
    let scale: JPEGScale
    private var parser: MarkerParser
    private var frame: FrameHeader?
    private var components: [ComponentState] = []
    private var quantizationTables: [[UInt16]?] = [nil, nil, nil, nil]
    private var dcTables: [HuffmanTable?] = [nil, nil, nil, nil]
    private var acTables: [HuffmanTable?] = [nil, nil, nil, nil]
    private var restartInterval = 0
    private var scanCount = 0
    private var hasJFIF = false
    private var adobeTransform: Int?

    init(bytes: UnsafeBufferPointer<UInt8>, scale: JPEGScale) throws(JPEGDecodingError) {
        self.bytes = bytes
        self.scale = scale
        parser = MarkerParser(bytes: bytes)
        try parser.readStartOfImage()
    }

    /// Decodes every scan up to the end-of-image marker, then renders the picture.
    mutating func decode() throws(JPEGDecodingError) -> Bitmap {
        while true {
            guard let marker = parser.nextMarker() else { throw .truncated }
            switch marker {
            case Marker.endOfImage:
                return try render()
            case Marker.baseline, Marker.extendedSequential, Marker.progressive:
                guard frame == nil else { throw .corrupt("a second frame") }
                try startFrame(
                    parser.frame(in: parser.segment(), isProgressive: marker == Marker.progressive)
                )
            case Marker.startOfScan:
                try decodeScan(payload: parser.segment())
            case Marker.huffmanTables:
                try parser.huffmanTables(in: parser.segment(), dc: &dcTables, ac: &acTables)
            case Marker.quantizationTables:
                try parser.quantizationTables(in: parser.segment(), into: &quantizationTables)
            case Marker.restartInterval:
                let payload = try parser.segment()
                guard payload.count == 2 else { throw .corrupt("a bad DRI length") }
                restartInterval =
                    Int(bytes[payload.lowerBound]) << 8 | Int(bytes[payload.lowerBound + 1])
            case Marker.jfif:
                let payload = try parser.segment()
                hasJFIF = hasJFIF || matches(payload, [0x4A, 0x46, 0x49, 0x46, 0])
            case Marker.adobe:
                let payload = try parser.segment()
                if payload.count >= 12, matches(payload, [0x41, 0x64, 0x6F, 0x62, 0x65]) {
                    adobeTransform = Int(bytes[payload.lowerBound + 11])
                }
            case Marker.arithmeticConditioning:
                throw .unsupported("arithmetic coding")
            case let code where Marker.isUnsupportedFrame(code):
                throw .unsupported(MarkerParser.processName(code))
            case Marker.startOfImage:
                throw .corrupt("a second start of image")
            case Marker.restarts, Marker.temporary:
                continue
            default:
                _ = try parser.segment()
            }
        }
    }

    private func matches(_ payload: Range<Int>, _ prefix: [UInt8]) -> Bool {
        payload.count >= prefix.count
            && zip(payload, prefix).allSatisfy { bytes[$0.0] == $0.1 }
    }

    /// Sizes the coefficient buffers, once the header is known to be sane and the file large
    /// enough to code that many blocks: every block costs at least one bit in its first scan,
    /// so a 65535×65535 header on a small file is refused before anything is allocated.
    private mutating func startFrame(_ header: FrameHeader) throws(JPEGDecodingError) {
        let mcuColumns =
            (header.width + 8 * header.maximumHorizontal - 1)
            / (8 * header.maximumHorizontal)
        let mcuRows =
            (header.height + 8 * header.maximumVertical - 1)
            / (8 * header.maximumVertical)
        let blocks = header.components.reduce(0) {
            $0 + mcuColumns * $1.horizontal * mcuRows * $1.vertical
        }
        let unitsCoded =
            header.components.count == 1
            ? (header.width + 7) / 8 * ((header.height + 7) / 8) : blocks
        guard unitsCoded <= 8 * (bytes.count - parser.position) else { throw .truncated }
        frame = header
        components = header.components.map {
            ComponentState(header: $0, frame: header, scale: scale)
        }
    }

    // MARK: Scans

    private mutating func decodeScan(payload: Range<Int>) throws(JPEGDecodingError) {
        guard let frame else { throw .corrupt("a scan before the frame header") }
        scanCount += 1
        guard scanCount <= Self.maximumScans else { throw .corrupt("too many scans") }
        let scan = try parser.scan(in: payload, frame: frame)
        let members = scan.components.map { components[$0.index] }
        for member in members where member.quantizers == nil {
            guard let table = quantizationTables[member.header.quantizationTable] else {
                throw .corrupt("a component without its quantization table")
            }
            member.quantizers = table
        }
        let isDC = !frame.isProgressive || scan.spectralStart == 0
        let isRefinement = frame.isProgressive && scan.approximationHigh != 0
        if frame.isProgressive {
            for member in members {
                for k in scan.spectralStart...scan.spectralEnd {
                    member.precision[k] = scan.approximationLow
                }
            }
        }
        // At 1/8, an AC scan of a component that shows only its DC is skipped unread.
        if frame.isProgressive, !isDC, members.allSatisfy({ $0.coefficientsPerBlock == 1 }) {
            return
        }
        var dc: [HuffmanTable] = []
        var ac: [HuffmanTable] = []
        for entry in scan.components {
            if !frame.isProgressive || (isDC && !isRefinement) {
                guard let table = dcTables[entry.dcTable] else {
                    throw .unsupported("a scan without its Huffman table")
                }
                dc.append(table)
            }
            if !frame.isProgressive || !isDC {
                guard let table = acTables[entry.acTable] else {
                    throw .unsupported("a scan without its Huffman table")
                }
                ac.append(table)
            }
        }
        for member in members { member.dcPredictor = 0 }

        var reader = BitReader(bytes: bytes, position: parser.position)
        if !frame.isProgressive {
            try decodeSequentialScan(members, dc: dc, ac: ac, frame: frame, reader: &reader)
            try reader.checkNotOverrun()
            parser.position = reader.position
            return
        }
        var endOfBandRun = 0
        var untilRestart = restartInterval
        /// Called before each MCU: a restart marker resets the predictions.
        func restartIfDue(_ reader: inout BitReader) throws(JPEGDecodingError) {
            guard restartInterval > 0 else { return }
            if untilRestart == 0 {
                try reader.restart()
                for member in members { member.dcPredictor = 0 }
                endOfBandRun = 0
                untilRestart = restartInterval
            }
            untilRestart -= 1
        }
        func decodeBlock(
            _ reader: inout BitReader, _ member: ComponentState, _ position: Int, _ slot: Int
        ) throws(JPEGDecodingError) {
            if isDC {
                if isRefinement {
                    if reader.bit() != 0 {
                        let index = position * member.coefficientsPerBlock
                        member.coefficients[index] |= Int16(
                            truncatingIfNeeded: 1 << scan.approximationLow)
                    }
                } else {
                    let length = try reader.symbol(dc[slot])
                    guard length <= 16 else { throw .corrupt("a DC difference over 16 bits") }
                    member.dcPredictor &+= reader.signedBits(length)
                    member.coefficients[position * member.coefficientsPerBlock] = Int16(
                        truncatingIfNeeded: member.dcPredictor << scan.approximationLow)
                }
            } else if isRefinement {
                try Self.refineAC(
                    &reader, member.coefficients + position * 64, table: ac[slot], scan: scan,
                    endOfBandRun: &endOfBandRun)
            } else {
                try Self.decodeFirstAC(
                    &reader, member.coefficients + position * 64, table: ac[slot], scan: scan,
                    endOfBandRun: &endOfBandRun)
            }
        }

        if members.count == 1 {
            let member = members[0]
            for row in 0..<member.usedBlockRows {
                for column in 0..<member.usedBlocksPerLine {
                    try restartIfDue(&reader)
                    try decodeBlock(&reader, member, row * member.blocksPerLine + column, 0)
                }
                try reader.checkNotOverrun()
            }
        } else {
            let mcuColumns =
                (frame.width + 8 * frame.maximumHorizontal - 1)
                / (8 * frame.maximumHorizontal)
            let mcuRows =
                (frame.height + 8 * frame.maximumVertical - 1)
                / (8 * frame.maximumVertical)
            for mcuRow in 0..<mcuRows {
                for mcuColumn in 0..<mcuColumns {
                    try restartIfDue(&reader)
                    for (slot, member) in members.enumerated() {
                        let horizontal = member.header.horizontal
                        let vertical = member.header.vertical
                        for v in 0..<vertical {
                            let row = (mcuRow * vertical + v) * member.blocksPerLine
                            for h in 0..<horizontal {
                                try decodeBlock(
                                    &reader, member, row + mcuColumn * horizontal + h, slot)
                            }
                        }
                    }
                }
                try reader.checkNotOverrun()
            }
        }
        try reader.checkNotOverrun()
        parser.position = reader.position
    }

    /// A sequential scan (T.81 F.2.2), the hot loop of a baseline file: the blocks of each MCU
    /// in order, with each component's prediction and tables held in locals.
    private func decodeSequentialScan(
        _ members: [ComponentState], dc: [HuffmanTable], ac: [HuffmanTable], frame: FrameHeader,
        reader: inout BitReader
    ) throws(JPEGDecodingError) {
        // Each data unit of an MCU: its component's slot and its block's offset from the MCU's
        // first block of that component; one block a unit when the scan has one component.
        var units: [(slot: Int, offset: Int)] = []
        let mcuColumns: Int
        let mcuRows: Int
        if members.count == 1 {
            units = [(0, 0)]
            mcuColumns = members[0].usedBlocksPerLine
            mcuRows = members[0].usedBlockRows
        } else {
            for (slot, member) in members.enumerated() {
                for v in 0..<member.header.vertical {
                    for h in 0..<member.header.horizontal {
                        units.append((slot, v * member.blocksPerLine + h))
                    }
                }
            }
            mcuColumns =
                (frame.width + 8 * frame.maximumHorizontal - 1)
                / (8 * frame.maximumHorizontal)
            mcuRows =
                (frame.height + 8 * frame.maximumVertical - 1)
                / (8 * frame.maximumVertical)
        }
        let single = members.count == 1
        var predictors = [Int](repeating: 0, count: members.count)
        var untilRestart = restartInterval
        try Zigzag.natural.withUnsafeBufferPointer { natural throws(JPEGDecodingError) in
            guard let natural = natural.baseAddress else { return }
            for mcuRow in 0..<mcuRows {
                for mcuColumn in 0..<mcuColumns {
                    if restartInterval > 0 {
                        if untilRestart == 0 {
                            try reader.restart()
                            for slot in predictors.indices { predictors[slot] = 0 }
                            untilRestart = restartInterval
                        }
                        untilRestart -= 1
                    }
                    for unit in units {
                        let member = members[unit.slot]
                        let first =
                            single
                            ? mcuRow * member.blocksPerLine + mcuColumn
                            : mcuRow * member.header.vertical * member.blocksPerLine + mcuColumn
                                * member.header.horizontal
                        let stored = member.coefficientsPerBlock
                        try Self.decodeSequentialBlock(
                            &reader, member.coefficients + (first + unit.offset) * stored,
                            keepsAC: stored == 64, predictor: &predictors[unit.slot],
                            dc: dc[unit.slot], ac: ac[unit.slot], natural: natural)
                    }
                }
                try reader.checkNotOverrun()
            }
        }
    }

    /// One block of a sequential scan: the DC difference, then the AC run-lengths. Where only
    /// the DC is kept, the AC coefficients are read past, not stored.
    @inline(__always)
    private static func decodeSequentialBlock(
        _ reader: inout BitReader, _ coefficients: UnsafeMutablePointer<Int16>, keepsAC: Bool,
        predictor: inout Int, dc: HuffmanTable, ac: HuffmanTable, natural: UnsafePointer<Int>
    ) throws(JPEGDecodingError) {
        let length = try reader.symbol(dc)
        guard length <= 16 else { throw .corrupt("a DC difference over 16 bits") }
        predictor &+= reader.signedBits(length)
        coefficients[0] = Int16(truncatingIfNeeded: predictor)
        var k = 1
        while k < 64 {
            reader.prepare()
            let fast = Int(ac.fastAC[reader.peek])
            if fast != 0 {
                reader.skip(fast & 255)
                k &+= (fast >> 8) & 15
                if keepsAC {
                    coefficients[natural[k]] = Int16(truncatingIfNeeded: fast >> 16)
                }
                k &+= 1
                continue
            }
            let symbol = try reader.symbol(ac)
            let run = symbol >> 4
            let size = symbol & 15
            if size == 0 {
                if run != 15 { break }
                k &+= 16
                continue
            }
            k &+= run
            let value = reader.signedBits(size)
            if keepsAC { coefficients[natural[k]] = Int16(truncatingIfNeeded: value) }
            k &+= 1
        }
    }

    /// One block of a progressive scan's first pass over AC band `Ss…Se` (T.81 G.1.2.2).
    private static func decodeFirstAC(
        _ reader: inout BitReader, _ block: UnsafeMutablePointer<Int16>, table: HuffmanTable,
        scan: ScanHeader, endOfBandRun: inout Int
    ) throws(JPEGDecodingError) {
        if endOfBandRun > 0 {
            endOfBandRun -= 1
            return
        }
        let low = scan.approximationLow
        var k = scan.spectralStart
        try Zigzag.natural.withUnsafeBufferPointer { natural throws(JPEGDecodingError) in
            while k <= scan.spectralEnd {
                let symbol = try reader.symbol(table)
                let run = symbol >> 4
                let size = symbol & 15
                if size == 0 {
                    if run < 15 {
                        endOfBandRun = (1 << run) - 1
                        if run > 0 { endOfBandRun += reader.bits(run) }
                        break
                    }
                    k += 16
                    continue
                }
                k += run
                block[natural[k]] = Int16(truncatingIfNeeded: reader.signedBits(size) << low)
                k += 1
            }
        }
    }

    /// One block of a progressive AC refinement scan (T.81 G.1.2.3): one more bit of every
    /// coefficient already non-zero, and the new ones of magnitude 1 in the runs of zeros.
    private static func refineAC(
        _ reader: inout BitReader, _ block: UnsafeMutablePointer<Int16>, table: HuffmanTable,
        scan: ScanHeader, endOfBandRun: inout Int
    ) throws(JPEGDecodingError) {
        let plus = Int16(truncatingIfNeeded: 1 << scan.approximationLow)
        let minus = Int16(truncatingIfNeeded: -1 << scan.approximationLow)
        let end = scan.spectralEnd
        var k = scan.spectralStart
        try Zigzag.natural.withUnsafeBufferPointer { natural throws(JPEGDecodingError) in
            /// Adds the correction bit to a coefficient that is already non-zero.
            func refine(_ position: Int, _ reader: inout BitReader) {
                let value = block[position]
                if reader.bit() != 0, value & plus == 0 {
                    block[position] = value >= 0 ? value &+ plus : value &+ minus
                }
            }
            if endOfBandRun == 0 {
                while k <= end {
                    let symbol = try reader.symbol(table)
                    var run = symbol >> 4
                    let size = symbol & 15
                    var value: Int16 = 0
                    if size != 0 {
                        guard size == 1 else { throw .corrupt("a refinement larger than 1") }
                        value = reader.bit() != 0 ? plus : minus
                    } else if run != 15 {
                        endOfBandRun = 1 << run
                        if run > 0 { endOfBandRun += reader.bits(run) }
                        break
                    }
                    while k <= end {
                        let position = natural[k]
                        if block[position] != 0 {
                            refine(position, &reader)
                        } else {
                            if run == 0 { break }
                            run -= 1
                        }
                        k += 1
                    }
                    if value != 0 { block[natural[k]] = value }
                    k += 1
                }
            }
            if endOfBandRun > 0 {
                while k <= end {
                    let position = natural[k]
                    if block[position] != 0 { refine(position, &reader) }
                    k += 1
                }
                endOfBandRun -= 1
            }
        }
    }

    // MARK: Pixels

    /// Turns the coefficients into each component's samples, stretches them to the output's
    /// size and converts them to RGB.
    private func render() throws(JPEGDecodingError) -> Bitmap {
        guard let frame, scanCount > 0 else { throw .corrupt("no image data") }
        if components.count == 3 {
            let identifiers = components.map(\.header.identifier)
            let isRGB =
                adobeTransform.map { $0 == 0 }
                ?? (!hasJFIF && identifiers == [0x52, 0x47, 0x42])
            guard !isRGB else { throw .unsupported("RGB colour") }
        }
        // libjpeg smooths the blocks of a file whose scans stop early, guessing the missing
        // coefficients from the neighbouring blocks; such a file is refused rather than shown
        // differently, unless it is one block, which has no neighbours to guess from.
        let isIncomplete = components.contains { $0.precision.contains { $0 != 0 } }
        let isOneBlock = components.allSatisfy {
            $0.usedBlocksPerLine == 1 && $0.usedBlockRows == 1
        }
        if frame.isProgressive, isIncomplete, !isOneBlock {
            throw .unsupported("an incomplete progressive file")
        }
        let outputScale = scale == .full ? 8 : 1
        let outputWidth = (frame.width * outputScale + 7) / 8
        let outputHeight = (frame.height * outputScale + 7) / 8
        var planes: [SamplePlane] = []
        for component in components {
            planes.append(plane(of: component, frame: frame))
        }
        var pixels = [UInt8](repeating: 0, count: outputWidth * outputHeight * 3)
        let rowLength = planes.map(\.upsampledWidth).max() ?? outputWidth
        let rowBuffers = UnsafeMutablePointer<UInt8>.allocate(capacity: rowLength * planes.count)
        defer { rowBuffers.deallocate() }
        pixels.withUnsafeMutableBufferPointer { output in
            guard let base = output.baseAddress else { return }
            for row in 0..<outputHeight {
                let rows = planes.enumerated().map { index, plane in
                    plane.upsampledRow(row, buffer: rowBuffers + index * rowLength)
                }
                let out = base + row * outputWidth * 3
                if rows.count == 3 {
                    Colour.convertRow(
                        luma: rows[0], blue: rows[1], red: rows[2], count: outputWidth, into: out)
                } else {
                    Colour.convertRow(grey: rows[0], count: outputWidth, into: out)
                }
            }
        }
        guard let bitmap = Bitmap(width: outputWidth, height: outputHeight, pixels: pixels) else {
            throw .corrupt("no pixels")
        }
        return bitmap
    }

    /// A component's samples at the output scale: each block through the IDCT its scale needs.
    private func plane(of component: ComponentState, frame: FrameHeader) -> SamplePlane {
        let size = component.scaledBlockSize
        let header = component.header
        let outputScale = scale == .full ? 8 : 1
        let width =
            (frame.width * header.horizontal * size + frame.maximumHorizontal * 8 - 1)
            / (frame.maximumHorizontal * 8)
        let height =
            (frame.height * header.vertical * size + frame.maximumVertical * 8 - 1)
            / (frame.maximumVertical * 8)
        let plane = SamplePlane(
            stride: component.blocksPerLine * size, rows: component.blockRows * size,
            width: width, height: height,
            horizontalFactor: frame.maximumHorizontal * outputScale / (header.horizontal * size),
            verticalFactor: frame.maximumVertical * outputScale / (header.vertical * size),
            isSmooth: scale == .full)
        let quantizers =
            component.quantizers ?? quantizationTables[header.quantizationTable]
            ?? [UInt16](repeating: 0, count: 64)
        let columns = min((width + size - 1) / size, component.blocksPerLine)
        let rows = min((height + size - 1) / size, component.blockRows)
        let workspace = UnsafeMutablePointer<Int>.allocate(capacity: 64)
        defer { workspace.deallocate() }
        quantizers.withUnsafeBufferPointer { quantizers in
            IDCT.rangeLimit.withUnsafeBufferPointer { limit in
                guard let table = quantizers.baseAddress, quantizers.count == 64,
                    let limit = limit.baseAddress
                else { return }
                for row in 0..<rows {
                    for column in 0..<columns {
                        let block = row * component.blocksPerLine + column
                        let output = plane.samples + row * size * plane.stride + column * size
                        switch size {
                        case 1:
                            output[0] = IDCT.dcOnly(
                                component.coefficients[block], quantizer: table[0], limit: limit)
                        case 2:
                            IDCT.reduced2x2(
                                component.coefficients + block * 64, quantizers: table,
                                output: output, stride: plane.stride, limit: limit)
                        default:
                            IDCT.full8x8(
                                component.coefficients + block * 64, quantizers: table,
                                output: output, stride: plane.stride, workspace: workspace,
                                limit: limit)
                        }
                    }
                }
            }
        }
        return plane
    }
}
