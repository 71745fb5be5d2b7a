import Foundation

/// The rules that turn what the user types into a query worth sending (S2, S3).
public enum SearchQuery {
    /// The text without leading and trailing white space, which do not count (S2).
    public static func trimmed(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// True when the text ends in a lone Hangul jamo (compatibility jamo, U+3131–U+318E, as
    /// in "기생ㅊ"): the user is still composing a syllable, so it is not sent yet (S3).
    public static func isComposing(_ text: String) -> Bool {
        guard let last = text.unicodeScalars.last else { return false }
        return (0x3131...0x318E).contains(last.value)
    }
}
