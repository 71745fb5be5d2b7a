/// A Huffman table (T.81 Annex C) with a 9-bit lookup table for the short codes, which are
/// nearly all the codes of a photo, and the canonical limits (T.81 F.2.2.3) for the long ones.
///
/// A class that owns raw memory, so that the scan loops read it without bounds checks or
/// reference counting; every index into it is masked or checked where it is made.
final class HuffmanTable {
    static let fastBits = 9

    /// `(length << 8) | symbol` for every code of at most `fastBits` bits, indexed by the next
    /// `fastBits` bits of the stream; 0 where the code is longer.
    let fast: UnsafeMutablePointer<UInt16>
    /// The largest code of each length 1…16, -1 for none; index 17 is a sentinel.
    let maximumCode: UnsafeMutablePointer<Int32>
    /// What to add to a code of each length to index `symbols`.
    let symbolOffset: UnsafeMutablePointer<Int32>
    /// The symbols in code order, 256 entries so that any checked index is inside.
    let symbols: UnsafeMutablePointer<UInt8>
    /// For an AC table: where the next `fastBits` bits hold a whole run/size code and the
    /// coefficient's bits after it, `(value << 16) | (run << 8) | bits used`; 0 elsewhere. One
    /// lookup then decodes most coefficients of a photo.
    let fastAC: UnsafeMutablePointer<Int32>

    /// Builds the table from DHT's counts of codes of each length (`counts[1…16]`) and its
    /// symbols; throws when the counts describe more codes than the lengths can hold.
    init(counts: [Int], symbols values: [UInt8]) throws(JPEGDecodingError) {
        fast = .allocate(capacity: 1 << Self.fastBits)
        fast.initialize(repeating: 0, count: 1 << Self.fastBits)
        maximumCode = .allocate(capacity: 18)
        maximumCode.initialize(repeating: -1, count: 18)
        symbolOffset = .allocate(capacity: 18)
        symbolOffset.initialize(repeating: 0, count: 18)
        symbols = .allocate(capacity: 256)
        symbols.initialize(repeating: 0, count: 256)
        fastAC = .allocate(capacity: 1 << Self.fastBits)
        fastAC.initialize(repeating: 0, count: 1 << Self.fastBits)
        for (index, value) in values.prefix(256).enumerated() { symbols[index] = value }

        var code = 0
        var index = 0
        for length in 1...16 {
            let count = counts[length]
            symbolOffset[length] = Int32(index - code)
            if count > 0 {
                guard code + count <= 1 << length else {
                    throw .corrupt("a Huffman table with too many codes")
                }
                for _ in 0..<count {
                    if length <= Self.fastBits {
                        let shift = Self.fastBits - length
                        let entry = UInt16(length << 8) | UInt16(values[index])
                        for slot in (code << shift)..<((code + 1) << shift) { fast[slot] = entry }
                    }
                    code += 1
                    index += 1
                }
                maximumCode[length] = Int32(code - 1)
            }
            code <<= 1
        }
        for peek in 0..<(1 << Self.fastBits) {
            let entry = Int(fast[peek])
            guard entry != 0 else { continue }
            let length = entry >> 8
            let run = (entry >> 4) & 15
            let size = entry & 15
            guard size != 0, length + size <= Self.fastBits else { continue }
            let bits = (peek >> (Self.fastBits - length - size)) & ((1 << size) - 1)
            let value = bits < 1 << (size - 1) ? bits - (1 << size) + 1 : bits
            fastAC[peek] = Int32(value << 16 | run << 8 | (length + size))
        }
    }

    deinit {
        fast.deallocate()
        maximumCode.deallocate()
        symbolOffset.deallocate()
        symbols.deallocate()
        fastAC.deallocate()
    }
}

/// Reads the entropy-coded bits of a scan (T.81 F.2.2.5): removes the `0x00` stuffed after
/// each `0xFF`, and stops at a marker, after which it supplies zero bits, as libjpeg does. The
/// zero bits it supplies are counted, so that a scan that used them is known to be cut short.
struct BitReader {
    let bytes: UnsafeBufferPointer<UInt8>
    /// The next byte to read; at a marker, its `0xFF`.
    private(set) var position: Int
    /// Unread bits, the next one the most significant.
    private var buffer: UInt64 = 0
    private var count = 0
    private var isAtMarker = false
    /// Zero bits supplied past a marker or the end of the file, still counted in `count`
    /// until read.
    private var paddingBits = 0

    init(bytes: UnsafeBufferPointer<UInt8>, position: Int) {
        self.bytes = bytes
        self.position = position
    }

    /// Whether the scan has read bits that the file does not have.
    var hasReadPastData: Bool { paddingBits > count }

    /// Throws if the scan read bits past the end of the file or past a marker.
    func checkNotOverrun() throws(JPEGDecodingError) {
        guard hasReadPastData else { return }
        throw position >= bytes.count ? .truncated : .corrupt("entropy data ends early")
    }

    /// Tops the buffer up to at least 57 bits.
    @inline(__always)
    private mutating func fill() {
        while count <= 56 {
            var byte: UInt8 = 0
            if isAtMarker || position >= bytes.count {
                isAtMarker = true
                paddingBits += 8
            } else {
                byte = bytes[position]
                if byte != 0xFF {
                    position += 1
                } else {
                    var next = position + 1
                    while next < bytes.count, bytes[next] == 0xFF { next += 1 }
                    if next < bytes.count, bytes[next] == 0 {
                        position = next + 1
                    } else {
                        byte = 0
                        isAtMarker = true
                        paddingBits += 8
                    }
                }
            }
            buffer |= UInt64(byte) &<< UInt64(56 - count)
            count += 8
        }
    }

    /// Makes sure at least 16 bits are buffered, for `peek` and `skip`.
    @inline(__always)
    mutating func prepare() {
        if count < 16 { fill() }
    }

    /// The next `HuffmanTable.fastBits` bits, without reading them; after `prepare()`.
    @inline(__always)
    var peek: Int { Int(truncatingIfNeeded: buffer &>> UInt64(64 - HuffmanTable.fastBits)) }

    /// Reads past `length` bits (at most 16) that `peek` has shown; after `prepare()`.
    @inline(__always)
    mutating func skip(_ length: Int) {
        buffer &<<= UInt64(truncatingIfNeeded: length)
        count &-= length
    }

    /// The next `length` bits (0…16) as an unsigned number.
    @inline(__always)
    mutating func bits(_ length: Int) -> Int {
        if count < length { fill() }
        let value = Int(truncatingIfNeeded: buffer >> UInt64(64 - length))
        buffer = buffer << UInt64(length)
        count -= length
        return value
    }

    @inline(__always)
    mutating func bit() -> Int {
        if count < 1 { fill() }
        let value = Int(truncatingIfNeeded: buffer &>> 63)
        buffer &<<= 1
        count -= 1
        return value
    }

    /// The next `length` bits as the signed value T.81 F.2.2.1 (EXTEND) codes with them.
    @inline(__always)
    mutating func signedBits(_ length: Int) -> Int {
        if length == 0 { return 0 }
        let value = bits(length)
        return value < 1 << (length - 1) ? value - (1 << length) + 1 : value
    }

    /// The next Huffman-coded symbol; throws on a code the table does not have.
    @inline(__always)
    mutating func symbol(_ table: HuffmanTable) throws(JPEGDecodingError) -> Int {
        if count < 16 { fill() }
        let entry = table.fast[Int(truncatingIfNeeded: buffer &>> 55)]
        if entry != 0 {
            let length = Int(entry >> 8)
            buffer &<<= UInt64(length)
            count -= length
            return Int(entry & 0xFF)
        }
        for length in (HuffmanTable.fastBits + 1)...16 {
            let code = Int32(truncatingIfNeeded: buffer &>> UInt64(64 - length))
            if code <= table.maximumCode[length] {
                buffer &<<= UInt64(length)
                count -= length
                return Int(table.symbols[Int(code + table.symbolOffset[length]) & 0xFF])
            }
        }
        throw .corrupt("a Huffman code no table has")
    }

    /// Moves past a restart marker (T.81 F.2.1.3): drops the bits left in the byte, and skips
    /// the marker if it is `RSTn`. A missing one leaves the reader where it is, reading zeros.
    mutating func restart() throws(JPEGDecodingError) {
        try checkNotOverrun()
        buffer = 0
        count = 0
        paddingBits = 0
        if !isAtMarker {
            while position < bytes.count {
                if bytes[position] == 0xFF, position + 1 < bytes.count,
                    bytes[position + 1] != 0, bytes[position + 1] != 0xFF
                {
                    break
                }
                position += 1
            }
        }
        isAtMarker = false
        var next = position
        while next < bytes.count, bytes[next] == 0xFF { next += 1 }
        if next > position, next < bytes.count, Marker.restarts.contains(bytes[next]) {
            position = next + 1
        }
    }
}
