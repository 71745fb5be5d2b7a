/// Display width by table, never by locale, so that a row measures the same on every machine.
///
/// Wide: East Asian Wide and Fullwidth ranges (Hangul, CJK, kana, fullwidth forms) and emoji
/// shown as pictures. Zero: combining marks, format characters and Hangul medial/final jamo.
enum DisplayWidth {
    /// Ranges of scalars that take two columns (Unicode 15 East Asian Width W and F).
    static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0,
        0x23F3...0x23F3, 0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F,
        0x2693...0x2693, 0x26A1...0x26A1, 0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5,
        0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA, 0x26F2...0x26F3, 0x26F5...0x26F5,
        0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B, 0x2728...0x2728,
        0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
        0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55,
        0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
        0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
        0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1AFF0...0x1B2FF,
        0x1F004...0x1F004, 0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E, 0x1F191...0x1F19A,
        0x1F1E6...0x1F1FF, 0x1F200...0x1F202, 0x1F210...0x1F23B, 0x1F240...0x1F248,
        0x1F250...0x1F251, 0x1F260...0x1F265, 0x1F300...0x1F320, 0x1F32D...0x1F335,
        0x1F337...0x1F37C, 0x1F37E...0x1F393, 0x1F3A0...0x1F3CA, 0x1F3CF...0x1F3D3,
        0x1F3E0...0x1F3F0, 0x1F3F4...0x1F3F4, 0x1F3F8...0x1F43E, 0x1F440...0x1F440,
        0x1F442...0x1F4FC, 0x1F4FF...0x1F53D, 0x1F54B...0x1F54E, 0x1F550...0x1F567,
        0x1F57A...0x1F57A, 0x1F595...0x1F596, 0x1F5A4...0x1F5A4, 0x1F5FB...0x1F64F,
        0x1F680...0x1F6C5, 0x1F6CC...0x1F6CC, 0x1F6D0...0x1F6D2, 0x1F6D5...0x1F6D7,
        0x1F6DC...0x1F6DF, 0x1F6EB...0x1F6EC, 0x1F6F4...0x1F6FC, 0x1F7E0...0x1F7EB,
        0x1F7F0...0x1F7F0, 0x1F90C...0x1F93A, 0x1F93C...0x1F945, 0x1F947...0x1F9FF,
        0x1FA70...0x1FAFF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    /// Ranges of scalars that take no column of their own.
    static let zeroWidthRanges: [ClosedRange<UInt32>] = [
        0x0300...0x036F,  // combining diacritical marks
        0x0483...0x0489, 0x0591...0x05BD, 0x0610...0x061A, 0x064B...0x065F, 0x0E31...0x0E31,
        0x0E34...0x0E3A, 0x0E47...0x0E4E,
        0x1160...0x11FF,  // Hangul medial vowels and final consonants (join the leading jamo)
        0x1AB0...0x1AFF, 0x1DC0...0x1DFF,
        0x200B...0x200F,  // zero width space, joiners, direction marks
        0x202A...0x202E, 0x2060...0x2064, 0x2066...0x206F,
        0x20D0...0x20FF,  // combining marks for symbols (keycap)
        0x302A...0x302F, 0x3099...0x309A,
        0xD7B0...0xD7FF,  // Hangul jamo extended-B (medial and final)
        0xFE00...0xFE0F,  // variation selectors
        0xFE20...0xFE2F, 0xFEFF...0xFEFF,
        0x1F3FB...0x1F3FF,  // emoji skin tone modifiers
        0xE0000...0xE0FFF,  // tags and variation selectors supplement
    ]

    /// True for scalars that always form a character of their own, whatever follows them:
    /// printable ASCII and Latin, punctuation, arrows and symbols, kana, CJK ideographs,
    /// Hangul syllables and fullwidth forms. Marks, joiners, jamo and emoji are not.
    static func standsAlone(_ value: UInt32) -> Bool {
        switch value {
        case 0x20...0x7E, 0xA0...0x2FF, 0x2010...0x2027, 0x2030...0x205E, 0x2190...0x2BFF,
            0x3041...0x3096, 0x30A1...0x30FA, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xFF01...0xFF60:
            return true
        default:
            return false
        }
    }

    /// Columns one scalar takes when it stands alone.
    static func width(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (0x7F...0x9F).contains(value) {
            return 0
        }
        if value < 0x300 {
            return 1
        }
        if contains(zeroWidthRanges, value) {
            return 0
        }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format:
            return 0
        default:
            break
        }
        return contains(wideRanges, value) ? 2 : 1
    }

    /// Columns one grapheme cluster takes: its base scalar, or 2 when it is an emoji picture
    /// (a variation selector 16 or a zero-width-joiner sequence turns the base into a picture).
    static func width(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value < 0x80 && scalars.count == 1 {
            return (0x20..<0x7F).contains(first.value) ? 1 : 0
        }
        let base = width(of: first)
        if base == 1, scalars.count > 1,
            scalars.contains(where: { $0.value == 0xFE0F || $0.value == 0x200D })
        {
            return 2
        }
        return base
    }

    private static func contains(_ ranges: [ClosedRange<UInt32>], _ value: UInt32) -> Bool {
        var low = 0
        var high = ranges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = ranges[middle]
            if value < range.lowerBound {
                high = middle - 1
            } else if value > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }
}

extension Character {
    /// Columns this character takes in a terminal, by table (see `DisplayWidth`).
    public var displayWidth: Int { DisplayWidth.width(of: self) }
}

extension String {
    /// Display width by table, never by locale: Hangul/CJK/fullwidth/emoji 2, combining marks 0.
    public var displayWidth: Int {
        // Most text on screen ("Dune: Part Two", "★ 7.4", "기생충") is made of scalars that
        // each stand alone as a character, so it is measured scalar by scalar without grapheme
        // breaking; anything that could join its neighbour takes the careful path.
        var total = 0
        for scalar in unicodeScalars {
            guard DisplayWidth.standsAlone(scalar.value) else {
                return reduce(0) { $0 + DisplayWidth.width(of: $1) }
            }
            total += DisplayWidth.width(of: scalar)
        }
        return total
    }
}
