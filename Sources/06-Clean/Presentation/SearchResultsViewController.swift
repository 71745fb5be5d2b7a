import Foundation
import MovieUI
import RxTerminalUI
import TerminalUI
import ViewModelKit

/// The search results, shown over the trending list by its search controller. With a
/// coordinator the controller no longer knows where a selected movie goes: its view model
/// tells the coordinator, through the actions it was made with.
public final class SearchResultsViewController: ViewController, SearchResultsUpdating {
    let viewModel: SearchViewModel
    /// Whether `r` retries, as the view model says; a key's `isEnabled`.
    private var isRetryEnabled = false
    private let disposeBag = DisposeBag()

    // MARK: Input

    private let textRelay = PublishRelay<String>()
    private let retryRelay = PublishRelay<Void>()

    /// Whether the screen has room for the preview pane, by its width class (P2).
    private let hasRoomForPreviewRelay = BehaviorRelay(value: false)

    // MARK: Views

    private let listView = ListView()
    private let posterView = PosterView()
    private let loadingView = ActivityIndicatorView(text: "Searching…")
    private let messageView = MessageView()

    public init(viewModel: SearchViewModel) {
        self.viewModel = viewModel
        super.init()
    }

    public override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(PreviewPaneLayoutView(listView: listView, posterView: posterView))
        view.addSubview(loadingView)
        view.addSubview(messageView)
        hasRoomForPreviewRelay.accept(traitCollection.horizontalSizeClass == .regular)
        bindViewModel()
    }

    public override func handle(_ key: Key) -> Bool {
        guard key == .character("r"), isRetryEnabled else {
            return super.handle(key)
        }
        retryRelay.accept(())
        return true
    }

    // MARK: Searching

    public func updateSearchResults(for searchController: SearchController) {
        textRelay.accept(searchController.searchBar.text)
    }

    /// P2: the pane shows on a screen regular across.
    public override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        hasRoomForPreviewRelay.accept(traitCollection.horizontalSizeClass == .regular)
    }

    // MARK: Binding

    /// Connects the inputs, and binds each output to the view that shows it (RxCocoa:
    /// `drive(view.rx.property)`). The rows come before the selection, which is a row of them.
    private func bindViewModel() {
        let output = viewModel.transform(
            input: SearchViewModel.Input(
                text: textRelay.asSignal(),
                retry: retryRelay.asSignal(),
                selection: listView.rx.selectionMoved.asSignal(),
                rowWillDisplay: listView.rx.willDisplayRow.asSignal(),
                selectMovie: listView.rx.itemSelected.asSignal(),
                hasRoomForPreview: hasRoomForPreviewRelay.asDriver()))
        output.title.drive(navigationItem.rx.title).disposed(by: disposeBag)
        output.subtitle.drive(navigationItem.rx.subtitle).disposed(by: disposeBag)
        output.position.drive(navigationItem.rx.trailing).disposed(by: disposeBag)
        output.rows
            .drive(listView.rx.items) { _, _, row in
                MovieRowCell(rank: row.rank, title: row.title, year: row.year, rating: row.rating)
            }
            .disposed(by: disposeBag)
        output.rows.map(\.isEmpty).drive(listView.rx.isHidden).disposed(by: disposeBag)
        output.showsPreview.map { !$0 }.drive(posterView.rx.isHidden).disposed(by: disposeBag)
        output.previewPoster.drive(Binder(posterView) { $0.setPoster($1) })
            .disposed(by: disposeBag)
        output.isLoadingPreviewPoster.drive(Binder(posterView) { $0.isLoading = $1 })
            .disposed(by: disposeBag)
        output.postersAhead.drive().disposed(by: disposeBag)
        output.selectedRow
            .drive(Binder(listView) { listView, row in listView.selectRow(row) })
            .disposed(by: disposeBag)
        output.isSearching.map { !$0 }.drive(loadingView.rx.isHidden).disposed(by: disposeBag)
        output.loadingText.drive(loadingView.rx.text).disposed(by: disposeBag)
        output.message.map { $0 == nil }.drive(messageView.rx.isHidden).disposed(by: disposeBag)
        output.message.compactMap { $0 }
            .drive(
                Binder(messageView) { messageView, message in
                    messageView.kind = message.isError ? .error : .information
                    messageView.message = message.text
                    messageView.hint = message.hint
                }
            )
            .disposed(by: disposeBag)
        output.status.map(Self.statusLine).drive(rx.statusLine).disposed(by: disposeBag)
        output.searchBarHint.map { $0.map(StatusLine.hint) }.drive(rx.searchBarHint)
            .disposed(by: disposeBag)
        output.isRetryEnabled.drive(rx.isRetryEnabled).disposed(by: disposeBag)
        // The view model tells its actions; the subscription keeps that chain running.
        output.selectedMovie
            .emit()
            .disposed(by: disposeBag)
    }

    private static func statusLine(for status: SearchViewModel.Status) -> StatusLine {
        switch status {
        case .hint(let text): .hint(text)
        case .activity(let text): .activity(text)
        case .failed(let text): .error(text)
        case .ended(let text): .note(text)
        }
    }
}
