/// One option an app adds to the command line.
public struct CommandLineOption: Sendable {
    /// "--latency".
    public var name: String
    /// "MS" (nil for a flag).
    public var valueName: String?
    public var summary: String

    public init(name: String, valueName: String?, summary: String) {
        self.name = name
        self.valueName = valueName
        self.summary = summary
    }
}

/// What the command line asked for.
public struct ParsedArguments: Sendable {
    /// Option name → value ("--latency": "800"); flags map to "".
    public var values: [String: String]
    /// From --keys.
    public var keyScript: [Key]?
    /// --help / -h.
    public var wantsHelp: Bool

    public init(values: [String: String] = [:], keyScript: [Key]? = nil, wantsHelp: Bool = false) {
        self.values = values
        self.keyScript = keyScript
        self.wantsHelp = wantsHelp
    }
}

/// The launch options every step shares (L4, L7), plus each app's own.
public enum CommandLineParser {
    static let keysOption = CommandLineOption(
        name: "--keys", valueName: "SCRIPT",
        summary: "play keys (e.g. \"down down enter\"), print the final screen and exit")
    static let helpOption = CommandLineOption(
        name: "--help", valueName: nil, summary: "show this help and exit")

    /// Knows --help/-h and --keys SCRIPT itself; `options` adds the app's own. Accepts `--name value`
    /// and `--name=value`. Throws UsageError ("unknown option '--frob'", "--latency needs a value (MS)").
    /// `arguments` are the ones after the command name.
    public static func parse(_ arguments: [String], options: [CommandLineOption]) throws(UsageError)
        -> ParsedArguments
    {
        var parsed = ParsedArguments()
        let known = [keysOption] + options
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "-h" || argument == "--help" {
                parsed.wantsHelp = true
                continue
            }
            guard argument.hasPrefix("-"), argument.count > 1 else {
                throw UsageError(message: "unexpected argument \(UsageError.quoted(argument))")
            }
            let name: String
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            } else {
                name = argument
            }
            guard let option = known.first(where: { $0.name == name }) else {
                throw UsageError(message: "unknown option \(UsageError.quoted(name))")
            }
            let value: String
            if let valueName = option.valueName {
                if let inlineValue {
                    value = inlineValue
                } else if let next = remaining.first, !next.hasPrefix("--") {
                    value = next
                    remaining.removeFirst()
                } else {
                    throw UsageError(message: "\(name) needs a value (\(valueName))")
                }
            } else {
                guard inlineValue == nil else {
                    throw UsageError(message: "\(name) takes no value")
                }
                value = ""
            }
            if name == keysOption.name {
                parsed.keyScript = try Key.parseScript(cuttingLongWords(of: value))
            } else {
                parsed.values[name] = value
            }
        }
        return parsed
    }

    /// A key name is one character or a short word, so a word wider than an echo is never
    /// one: it is cut before the script is parsed, and the usage error names it short. A
    /// quoted word is text to type, so it stays whole, and so does the white space in it.
    /// Every valid script stays as it was.
    private static func cuttingLongWords(of script: String) -> String {
        var result = ""
        var word = ""
        var isQuoted = false
        func endWord() {
            let isQuotedWord = word.count >= 2 && word.hasPrefix("\"") && word.hasSuffix("\"")
            let isCut = !isQuotedWord && isTooLongToEcho(word[...])
            result += isCut ? word.truncated(toWidth: UsageError.maximumEchoWidth) : word
            word = ""
        }
        for character in script {
            if character == "\"" {
                isQuoted.toggle()
                word.append(character)
            } else if character.isWhitespace && !isQuoted {
                endWord()
                result.append(character)
            } else {
                word.append(character)
            }
        }
        endWord()
        return result
    }

    private static func isTooLongToEcho(_ word: Substring) -> Bool {
        String(word).displayWidth > UsageError.maximumEchoWidth
    }

    /// The `--help` text: summary, usage line, options, keys, the key names of a script,
    /// environment, exit statuses, notes.
    public static func usage(
        command: String, summary: String, options: [CommandLineOption], help: HelpContent,
        environment: [(name: String, summary: String)]
    ) -> String {
        var lines = [summary, "", "Usage: \(command) [options]", "", "Options:"]
        let allOptions = options + [keysOption, helpOption]
        let optionLabels = allOptions.map { option in
            let label = option.name == helpOption.name ? "-h, --help" : option.name
            return option.valueName.map { "\(label) \($0)" } ?? label
        }
        lines += aligned(Array(zip(optionLabels, allOptions.map(\.summary))))
        if !help.entries.isEmpty {
            lines += ["", "\(help.title):"]
            lines += aligned(help.entries.map { ($0.keys, $0.action) })
        }
        // L9: every name --keys takes, from the table its parser reads.
        lines += ["", "Key names for --keys:"]
        let keyNames =
            Key.scriptNameSummary + "; " + Key.altNameMeaning
            + "; a double-quoted word (\"super\") types its characters."
        lines += keyNames.wrapped(toWidth: 78).map { "  " + $0 }
        if !environment.isEmpty {
            lines += ["", "Environment:"]
            lines += aligned(environment.map { ($0.name, $0.summary) })
        }
        lines += ["", "Exit status:"]
        lines += aligned(ExitStatus.meanings.map { (String($0.status), $0.meaning) })
        if !help.notes.isEmpty {
            lines.append("")
            lines += help.notes
        }
        return lines.joined(separator: "\n")
    }

    private static func aligned(_ rows: [(String, String)]) -> [String] {
        let width = rows.map(\.0.displayWidth).max() ?? 0
        return rows.map {
            "  " + $0.0 + String(repeating: " ", count: width - $0.0.displayWidth) + "  " + $0.1
        }
    }
}
