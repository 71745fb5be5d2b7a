extension String {
    /// The placeholder shown for a control character (T4): visible, one column, harmless.
    static let controlPlaceholder: Character = "\u{FFFD}"

    /// T4: text from outside (the API) never reaches the terminal raw. Escape sequences
    /// (CSI, OSC, DCS, two-byte ESC) are removed; tab and line breaks become a space; every
    /// other C0, C1 and DEL becomes "�".
    public func sanitizedForTerminal() -> String {
        guard
            unicodeScalars.contains(where: { scalar in
                scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                    || scalar.value == 0x2028 || scalar.value == 0x2029
            })
        else { return self }
        var result = String.UnicodeScalarView()
        var scalars = unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            switch scalar.value {
            case 0x1B:
                Self.skipEscapeSequence(in: &scalars)
            case 0x9B:
                Self.skipControlSequenceBody(in: &scalars)
            case 0x90, 0x9D, 0x9E, 0x9F, 0x98:
                Self.skipStringBody(in: &scalars)
            case 0x09, 0x0A, 0x0D, 0x2028, 0x2029:
                result.append(" ")
            case 0x00..<0x20, 0x7F...0x9F:
                result.append(contentsOf: String(Self.controlPlaceholder).unicodeScalars)
            default:
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// After ESC: CSI (`[`), OSC/DCS/APC/PM/SOS strings, or a single following character.
    private static func skipEscapeSequence(in scalars: inout Substring.UnicodeScalarView) {
        guard let next = scalars.popFirst() else { return }
        switch next {
        case "[":
            skipControlSequenceBody(in: &scalars)
        case "]", "P", "_", "^", "X":
            skipStringBody(in: &scalars)
        default:
            // Intermediate bytes (e.g. "ESC ( B") are followed by one final character.
            if (0x20...0x2F).contains(next.value) {
                _ = scalars.popFirst()
            }
        }
    }

    /// Parameters and intermediates up to and including the final byte (0x40–0x7E).
    private static func skipControlSequenceBody(in scalars: inout Substring.UnicodeScalarView) {
        while let scalar = scalars.popFirst() {
            if (0x40...0x7E).contains(scalar.value) || scalar.value < 0x20 {
                return
            }
        }
    }

    /// A string command ends with BEL, ST (ESC \) or C1 ST.
    private static func skipStringBody(in scalars: inout Substring.UnicodeScalarView) {
        while let scalar = scalars.popFirst() {
            switch scalar.value {
            case 0x07, 0x9C:
                return
            case 0x1B:
                if scalars.first == "\\" {
                    _ = scalars.popFirst()
                }
                return
            default:
                continue
            }
        }
    }
}
