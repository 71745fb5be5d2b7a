import Foundation
import TerminalUI

// A small app built only from the kit: a long list with Hangul and emoji titles, and a
// detail screen with wrapped text. `swift run terminal-demo` to try keys, resize and quit.

/// Titles that exercise display width: Hangul, CJK, emoji (with ZWJ and VS16), combining marks.
let sampleTitles = [
    "The Shawshank Redemption", "기생충 (Parasite)", "헤어질 결심", "千と千尋の神隠し",
    "🎬 Movie night", "👩‍👩‍👧 Family ❤️ Picnic", "Amélie", "Crouching Tiger, Hidden Dragon 臥虎藏龍",
    "올드보이", "A title long enough that it never fits on one row of an eighty column terminal",
    "Ｆｕｌｌｗｉｄｔｈ Ｆｉｌｍ", "Café Society", "괴물", "🦖 Jurassic",
]

/// One row: rank and title.
final class DemoListViewController: ViewController, ListViewDataSource, ListViewDelegate {
    private let listView = ListView()
    private let rowCount = 200

    override func viewDidLoad() {
        super.viewDidLoad()
        listView.dataSource = self
        listView.delegate = self
        view.addSubview(listView)
        statusLine = .hint("↑↓ move · enter open · ? help · q quit")
        updateNavigationItem()
    }

    func numberOfRows(in listView: ListView) -> Int {
        rowCount
    }

    func listView(_ listView: ListView, cellForRowAt row: Int) -> any ListCell {
        TextListCell(String(row + 1).padded(toWidth: 5) + title(for: row))
    }

    func listView(_ listView: ListView, didMoveSelectionTo row: Int) {
        updateNavigationItem()
    }

    func listView(_ listView: ListView, didSelectRowAt row: Int) {
        navigationController?.pushViewController(
            DemoDetailViewController(title: title(for: row)), animated: true)
    }

    private func title(for row: Int) -> String {
        sampleTitles[row % sampleTitles.count]
    }

    private func updateNavigationItem() {
        navigationItem.title = "TerminalUI demo"
        navigationItem.subtitle = "\(rowCount) rows"
        navigationItem.trailing = "\(listView.selectedRow + 1) / \(rowCount)"
    }
}

/// A detail screen: a title and long wrapped text that scrolls.
final class DemoDetailViewController: ViewController {
    private let title: String
    private let textView = TextView()

    init(title: String) {
        self.title = title
        super.init()
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(textView)
        navigationItem.title = title
        navigationItem.subtitle = "detail"
        statusLine = .hint("↑↓ scroll · b back · q quit")
        let paragraph =
            "Words wrap by display width, so 한국어 문장도 칸 너비에 맞게 줄바꿈됩니다 and "
            + "emoji like 🎬 and 👩‍👩‍👧 take two columns. "
        textView.blocks =
            [TextView.Block(title, style: .bold), .blankLine]
            + (1...12).flatMap { number in
                [
                    TextView.Block(
                        "\(number). " + String(repeating: paragraph, count: 3), indent: 2),
                    .blankLine,
                ]
            }
    }
}

let help = HelpContent(
    title: "Keys",
    entries: [
        HelpContent.Entry(keys: "↑ k  ↓ j", action: "move / scroll"),
        HelpContent.Entry(keys: "PgUp  PgDn", action: "move by a screen"),
        HelpContent.Entry(keys: "Home g  End G", action: "to the top / the end"),
        HelpContent.Entry(keys: "Enter", action: "open"),
        HelpContent.Entry(keys: "b  Esc  Backspace  ←", action: "back"),
        HelpContent.Entry(keys: "q  Ctrl-C", action: "quit"),
    ],
    notes: ["A demo of the TerminalUI kit."])

let command = "terminal-demo"
do {
    let arguments = try CommandLineParser.parse(
        Array(CommandLine.arguments.dropFirst()), options: [])
    if arguments.wantsHelp {
        print(
            CommandLineParser.usage(
                command: command, summary: "A demo of the TerminalUI kit.", options: [], help: help,
                environment: [
                    ("NO_COLOR", "turns colour off"),
                    ("COLUMNS, LINES", "the size when not a terminal"),
                ]))
        exit(0)
    }
    let status = await Launcher.run(
        mode: Launcher.mode(for: arguments, environment: ProcessInfo.processInfo.environment),
        help: help
    ) {
        NavigationController(rootViewController: DemoListViewController())
    }
    exit(status)
} catch {
    FileHandle.standardError.write(
        Data("\(command): \(error.message)\nTry '\(command) --help' for usage.\n".utf8))
    exit(2)
}
