/// A mistake on the command line, said in one line without an "error:" prefix.
///
/// The message is what a terminal shows, and it often echoes what the user typed or the
/// environment held, so it is sanitised like text from the API (T4): an escape sequence in
/// `--language` cannot retitle the terminal. Echo values through `quoted(_:)`, which also
/// cuts long ones.
public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The longest an echoed value is shown, in terminal columns, "…" included.
    public static let maximumEchoWidth = 40
    /// The longest a whole message is, in terminal columns, should a caller echo a long value
    /// without `quoted(_:)`.
    public static let maximumMessageWidth = 300

    /// One line, free of control characters.
    public let message: String

    public init(message: String) {
        self.message = message.truncated(toWidth: Self.maximumMessageWidth)
    }

    public var description: String { message }

    /// `value` in single quotes, sanitised (T4) and cut to `maximumEchoWidth` columns. When
    /// sanitising changed it, a note says so: "'--frob'" alone would claim that was typed.
    public static func quoted(_ value: some StringProtocol) -> String {
        let text = String(value)
        let shown = "'" + text.truncated(toWidth: maximumEchoWidth) + "'"
        return text.sanitizedForTerminal() == text ? shown : shown + " (control characters removed)"
    }
}
