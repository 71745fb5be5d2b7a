import Testing

@testable import TerminalUI

/// SplitMix64: a tiny deterministic generator, so property tests see the same strings every run.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

extension SeededGenerator {
    /// Scalars from the ranges that matter for width: ASCII, Latin with combining marks, Hangul
    /// syllables and jamo, CJK, fullwidth forms, emoji with ZWJ and VS16, spaces, controls.
    static let pools: [ClosedRange<UInt32>] = [
        0x20...0x7E, 0x20...0x20, 0x300...0x36F, 0xAC00...0xD7A3, 0x1100...0x11FF, 0x4E00...0x9FFF,
        0xFF01...0xFF60, 0x1F300...0x1F64F, 0x200D...0x200D, 0xFE0F...0xFE0F, 0x00...0x1F,
        0x80...0x9F,
        0xE9...0xE9,
    ]

    mutating func unicodeString(maximumLength: Int) -> String {
        var scalars = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 0...maximumLength, using: &self) {
            let pool = Self.pools[Int.random(in: 0..<Self.pools.count, using: &self)]
            if let scalar = Unicode.Scalar(UInt32.random(in: pool, using: &self)) {
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }
}

/// A controller that records its lifecycle in a shared log.
final class RecordingViewController: ViewController {
    let name: String
    let log: EventLog
    var handledKeys: Set<Key> = []

    init(_ name: String, log: EventLog) {
        self.name = name
        self.log = log
        super.init()
        navigationItem.title = name
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        log.append("\(name).viewDidLoad")
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        log.append("\(name).viewWillAppear")
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        log.append("\(name).viewDidAppear")
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        log.append("\(name).viewWillDisappear")
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        log.append("\(name).viewDidDisappear")
    }

    override func handle(_ key: Key) -> Bool {
        if handledKeys.contains(key) {
            log.append("\(name).handle(\(key))")
            return true
        }
        return super.handle(key)
    }
}

/// A navigation delegate that records what it is told, and what the stack was then.
final class RecordingNavigationDelegate: NavigationControllerDelegate {
    let log: EventLog

    init(log: EventLog) {
        self.log = log
    }

    func navigationController(
        _ navigationController: NavigationController, willShow viewController: ViewController,
        animated: Bool
    ) {
        log.append("willShow(\(viewController.navigationItem.title))")
    }

    func navigationController(
        _ navigationController: NavigationController, didShow viewController: ViewController,
        animated: Bool
    ) {
        let stack = navigationController.viewControllers.map(\.navigationItem.title)
        log.append("didShow(\(viewController.navigationItem.title)) stack=\(stack)")
    }
}

@MainActor
final class EventLog {
    private(set) var entries: [String] = []

    func append(_ entry: String) {
        entries.append(entry)
    }

    func removeAll() {
        entries = []
    }
}

/// A list data source that counts what it is asked for.
@MainActor
final class CountingDataSource: ListViewDataSource, ListViewDelegate {
    var rowCount: Int
    /// What each row says before its number.
    var label = "Row"
    private(set) var requestedRows: [Int] = []
    private(set) var displayedRows: [Int] = []
    private(set) var selectionMoves: [Int] = []
    private(set) var selectedRows: [Int] = []

    init(rowCount: Int) {
        self.rowCount = rowCount
    }

    func numberOfRows(in listView: ListView) -> Int {
        rowCount
    }

    func listView(_ listView: ListView, cellForRowAt row: Int) -> any ListCell {
        requestedRows.append(row)
        return TextListCell("\(label) \(row)")
    }

    func listView(_ listView: ListView, willDisplayRowAt row: Int) {
        displayedRows.append(row)
    }

    func listView(_ listView: ListView, didMoveSelectionTo row: Int) {
        selectionMoves.append(row)
    }

    func listView(_ listView: ListView, didSelectRowAt row: Int) {
        selectedRows.append(row)
    }

    func resetCounts() {
        requestedRows = []
        displayedRows = []
        selectionMoves = []
    }
}

/// A controller showing a list fed by a `CountingDataSource`.
final class ListViewController: ViewController {
    let listView = ListView()
    let source: CountingDataSource

    init(rowCount: Int) {
        source = CountingDataSource(rowCount: rowCount)
        super.init()
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        listView.dataSource = source
        listView.delegate = source
        view.addSubview(listView)
        navigationItem.title = "List"
        navigationItem.subtitle = "test"
        navigationItem.trailing = "1 / \(source.rowCount)"
        statusLine = .hint("↑↓ move")
    }
}

let testHelp = HelpContent(
    title: "Keys",
    entries: [
        HelpContent.Entry(keys: "↑ k", action: "move up"),
        HelpContent.Entry(keys: "q", action: "quit"),
    ],
    notes: ["This product uses the TMDB API but is not endorsed or certified by TMDB."])

/// An application on a virtual terminal, started and settled.
@MainActor
func makeApplication(
    root: ViewController, width: Int = 80, height: Int = 24
) async -> (Application, VirtualTerminal) {
    let terminal = VirtualTerminal(width: width, height: height)
    let application = Application(rootViewController: root, terminal: terminal, help: testHelp)
    application.start()
    #expect(await application.waitUntilSettled())
    return (application, terminal)
}
