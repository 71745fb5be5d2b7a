import RxTerminalUI
import TerminalUI
import Testing
import ViewModelKit

/// The kit's `rx` binders: a binding line reads as it would with RxCocoa, sets the same
/// property, and never keeps a screen alive.
@MainActor
struct TerminalUIRxTests {
    @Test func outputsDriveTheHeaderTheStatusLineAndAViewsVisibility() {
        let controller = ViewController()
        let messageView = MessageView()
        let title = BehaviorRelay(value: "Dune: Part Two")
        let isHidden = BehaviorRelay(value: true)
        let hints = BehaviorRelay(value: "b back · ? help · q quit")
        let disposeBag = DisposeBag()

        title.asDriver().drive(controller.navigationItem.rx.title).disposed(by: disposeBag)
        isHidden.asDriver().drive(messageView.rx.isHidden).disposed(by: disposeBag)
        hints.asDriver().map(StatusLine.hint).drive(controller.rx.statusLine)
            .disposed(by: disposeBag)

        #expect(controller.navigationItem.title == "Dune: Part Two")
        #expect(messageView.isHidden)
        #expect(controller.statusLine == .hint("b back · ? help · q quit"))
        title.accept("Superman")
        isHidden.accept(false)
        #expect(controller.navigationItem.title == "Superman")
        #expect(!messageView.isHidden)
    }

    @Test func aBindingDoesNotKeepItsScreenAlive() {
        // E5: a screen the user left is freed even while its outputs are still bound.
        let hints = BehaviorRelay(value: "b back · ? help · q quit")
        weak var released: ViewController?
        var binding: (any Disposable)?
        do {
            let controller = ViewController()
            released = controller
            binding = hints.asDriver().map(StatusLine.hint).drive(controller.rx.statusLine)
            #expect(controller.statusLine == .hint("b back · ? help · q quit"))
        }
        #expect(released == nil)
        hints.accept("r retry · b back · ? help · q quit")
        binding?.dispose()
    }
}
