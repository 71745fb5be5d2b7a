import Testing

@testable import TerminalUI

/// The width class, as UIKit's size classes (P2): regular from 100 columns, and every
/// controller held hears of a change, on screen or not.
@MainActor
@Suite struct TraitCollectionTests {
    /// A controller that logs the width class each change of traits brings.
    final class TraitRecordingViewController: ViewController {
        let name: String
        let log: EventLog

        init(_ name: String, log: EventLog) {
            self.name = name
            self.log = log
            super.init()
        }

        override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {
            super.traitCollectionDidChange(previousTraitCollection)
            let previous = previousTraitCollection.map { "\($0.horizontalSizeClass)" } ?? "nil"
            log.append("\(name): \(previous) → \(traitCollection.horizontalSizeClass)")
        }
    }

    @Test(
        "regular from 100 columns, compact below, unspecified with no application",
        arguments: [(99, UserInterfaceSizeClass.compact), (100, .regular), (160, .regular)])
    func theWidthClassFollowsTheColumns(width: Int, expected: UserInterfaceSizeClass) async {
        let controller = ViewController()
        #expect(controller.traitCollection.horizontalSizeClass == .unspecified)
        let navigation = NavigationController(rootViewController: controller)
        let (application, _) = await makeApplication(root: navigation, width: width)
        #expect(controller.traitCollection.horizontalSizeClass == expected)
        withExtendedLifetime(application) {}
    }

    @Test("a resize across 100 columns reaches the whole stack and the search results, once")
    func aChangeReachesEveryControllerHeld() async {
        let log = EventLog()
        let list = TraitRecordingViewController("list", log: log)
        let results = TraitRecordingViewController("results", log: log)
        list.navigationItem.searchController = SearchController(searchResultsController: results)
        let navigation = NavigationController(rootViewController: list)
        let (application, terminal) = await makeApplication(root: navigation, width: 80)
        navigation.pushViewController(
            TraitRecordingViewController("detail", log: log), animated: false)

        terminal.resize(width: 120, height: 24)
        #expect(await application.waitUntilSettled())
        #expect(
            log.entries.sorted() == [
                "detail: compact → regular", "list: compact → regular",
                "results: compact → regular",
            ])
        log.removeAll()
        terminal.resize(width: 110, height: 30)
        #expect(await application.waitUntilSettled())
        #expect(log.entries.isEmpty, "a resize within one width class changes no trait")
    }
}
