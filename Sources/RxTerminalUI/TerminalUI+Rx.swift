import TerminalUI
import ViewModelKit

// The kit's views, screens and header take part in the `rx` namespace, as RxCocoa makes
// UIKit's `NSObject`s take part: `messageView.rx.isHidden`, `navigationItem.rx.title` and
// `rx.statusLine` are binders for those properties.

extension View: ReactiveCompatible {}

extension ViewController: ReactiveCompatible {}

extension NavigationItem: ReactiveCompatible {}
