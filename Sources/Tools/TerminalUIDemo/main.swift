import Foundation
import TerminalUI

// A small app built only from the kit: a long list with Hangul and emoji titles, and a
// detail screen with two pictures (a gradient and a test card, drawn as well as the terminal
// allows, or as `--images` says) above wrapped text. `swift run terminal-demo` to try keys,
// resize and quit.

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

/// Pictures built in code, so that the demo needs no file and no decoder.
enum DemoPictures {
    /// Red grows to the right, green downwards, blue the other way: every cell differs.
    static let gradient = makeImage(width: 96, height: 64, source: "gradient") { x, y in
        (UInt8(x * 255 / 95), UInt8(y * 255 / 63), UInt8(255 - x * 255 / 95))
    }

    /// Colour bars over a grey ramp, in a white frame: colours and edges at a glance.
    static let testCard = makeImage(width: 96, height: 64, source: "test card") { x, y in
        let bars: [(UInt8, UInt8, UInt8)] = [
            (255, 255, 255), (255, 255, 0), (0, 255, 255), (0, 255, 0), (255, 0, 255),
            (255, 0, 0), (0, 0, 255), (0, 0, 0),
        ]
        if x < 2 || x > 93 || y < 2 || y > 61 { return (255, 255, 255) }
        if y < 42 { return bars[(x - 2) * bars.count / 92] }
        let grey = UInt8((x - 2) * 255 / 91)
        return (grey, grey, grey)
    }

    private static func makeImage(
        width: Int, height: Int, source: String, color: (Int, Int) -> (UInt8, UInt8, UInt8)
    ) -> Image? {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let (red, green, blue) = color(x, y)
                pixels += [red, green, blue]
            }
        }
        return Image(width: width, height: height, pixels: pixels, source: source)
    }
}

/// The two pictures side by side at the top, the text under them.
final class DemoDetailView: View {
    let gradientView = ImageView(image: DemoPictures.gradient)
    let testCardView = ImageView(image: DemoPictures.testCard)
    let textView = TextView()

    override init() {
        super.init()
        gradientView.accessibilityLabel = "gradient"
        testCardView.accessibilityLabel = "test card"
        addSubview(gradientView)
        addSubview(testCardView)
        addSubview(textView)
    }

    override func draw(in canvas: Canvas, bounds: Rect) {
        let pictureHeight = min(12, bounds.height / 2)
        let half = bounds.width / 2
        gradientView.draw(
            in: canvas,
            bounds: Rect(x: bounds.x, y: bounds.y, width: half - 1, height: pictureHeight))
        testCardView.draw(
            in: canvas,
            bounds: Rect(
                x: bounds.x + half, y: bounds.y, width: bounds.width - half, height: pictureHeight))
        textView.draw(
            in: canvas,
            bounds: Rect(
                x: bounds.x, y: bounds.y + pictureHeight + 1, width: bounds.width,
                height: bounds.height - pictureHeight - 1))
    }
}

/// A detail screen: two pictures, a title and long wrapped text that scrolls.
final class DemoDetailViewController: ViewController {
    private let title: String
    private let detailView = DemoDetailView()
    private var textView: TextView { detailView.textView }

    init(title: String) {
        self.title = title
        super.init()
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(detailView)
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
        HelpContent.Entry(keys: "b  h  Esc  Backspace  ←", action: "back"),
        HelpContent.Entry(keys: "q  Ctrl-C", action: "quit"),
    ],
    notes: ["A demo of the TerminalUI kit."])

let command = "terminal-demo"
let options = [
    CommandLineOption(
        name: "--images", valueName: "MODE",
        summary: "pictures: auto (default), kitty, iterm, blocks or none")
]
do {
    let arguments = try CommandLineParser.parse(
        Array(CommandLine.arguments.dropFirst()), options: options)
    if arguments.wantsHelp {
        print(
            CommandLineParser.usage(
                command: command, summary: "A demo of the TerminalUI kit.", options: options,
                help: help,
                environment: [
                    ("NO_COLOR", "turns colour off, pictures' too"),
                    ("TERM", "dumb: the first screen printed as plain text, as when piped"),
                    ("COLUMNS, LINES", "the size when not a terminal"),
                ]))
        exit(0)
    }
    let images = try arguments.values["--images"].map(ImageOption.init(argument:)) ?? .auto
    let status = await Launcher.run(
        mode: Launcher.mode(for: arguments, environment: ProcessInfo.processInfo.environment),
        help: help, images: images
    ) {
        NavigationController(rootViewController: DemoListViewController())
    }
    exit(status)
} catch {
    FileHandle.standardError.write(
        Data("\(command): \(error.message)\nTry '\(command) --help' for usage.\n".utf8))
    exit(2)
}
