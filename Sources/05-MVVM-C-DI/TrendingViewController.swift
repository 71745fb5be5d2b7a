import Foundation
import MovieUI
import TMDB
import TerminalUI
import ViewModelKit

/// The trending list. With a coordinator the controller no longer knows where a selected
/// movie goes: its view model tells the coordinator, through the actions it was made with.
final class TrendingViewController: ViewController {
    let viewModel: TrendingViewModel
    private let searchResultsController: any ViewController & SearchResultsUpdating
    /// The state on screen, for the list's data source.
    private var state = TrendingViewModel.State()
    private let disposeBag = DisposeBag()

    // MARK: Input

    private let viewDidLoadRelay = PublishRelay<Void>()
    private let toggleTimeWindowRelay = PublishRelay<Void>()
    private let retryRelay = PublishRelay<Void>()
    private let selectionRelay = PublishRelay<Int>()
    private let rowWillDisplayRelay = PublishRelay<Int>()
    private let selectMovieRelay = PublishRelay<Int>()

    // MARK: Views

    private let listView = ListView()
    private let loadingView = ActivityIndicatorView()
    private let messageView = MessageView()

    init(
        viewModel: TrendingViewModel,
        searchResultsController: any ViewController & SearchResultsUpdating
    ) {
        self.viewModel = viewModel
        self.searchResultsController = searchResultsController
        super.init()
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        listView.dataSource = self
        listView.delegate = self
        view.addSubview(listView)
        view.addSubview(loadingView)
        view.addSubview(messageView)
        // S1: `/` opens a search whose results show over this list.
        let searchController = SearchController(searchResultsController: searchResultsController)
        searchController.searchResultsUpdater = searchResultsController
        navigationItem.searchController = searchController
        bindViewModel()
        viewDidLoadRelay.accept(())
    }

    override func handle(_ key: Key) -> Bool {
        switch key {
        case .character("t"):
            toggleTimeWindowRelay.accept(())
        case .character("r"):
            retryRelay.accept(())
        default:
            return super.handle(key)
        }
        return true
    }

    // MARK: Binding

    /// Connects the inputs and renders every state the output sends (RxSwift: `drive`).
    private func bindViewModel() {
        let output = viewModel.transform(
            input: TrendingViewModel.Input(
                viewDidLoad: viewDidLoadRelay.asSignal(),
                toggleTimeWindow: toggleTimeWindowRelay.asSignal(),
                retry: retryRelay.asSignal(),
                selection: selectionRelay.asSignal(),
                rowWillDisplay: rowWillDisplayRelay.asSignal(),
                selectMovie: selectMovieRelay.asSignal()))
        output.state
            .drive(onNext: { [weak self] state in self?.render(state) })
            .disposed(by: disposeBag)
        // The view model tells its actions; the subscription keeps that chain running.
        output.selectedMovie
            .emit()
            .disposed(by: disposeBag)
    }

    // MARK: Rendering

    private func render(_ state: TrendingViewModel.State) {
        self.state = state
        navigationItem.title = state.title
        navigationItem.subtitle = state.subtitle
        navigationItem.trailing = state.position
        listView.reloadData()
        listView.selectRow(state.selectedRow)
        listView.isHidden = state.rowCount == 0
        loadingView.isHidden = !state.isLoadingFirstPage
        loadingView.text = state.loadingText
        messageView.isHidden = state.message == nil
        if let message = state.message {
            messageView.kind = message.isError ? .error : .information
            messageView.message = message.text
            messageView.hint = message.hint
        }
        statusLine = currentStatusLine
    }

    private var currentStatusLine: StatusLine {
        switch state.footer {
        case .hint(let text): .hint(text)
        case .loadingMore: .activity("Loading more…")
        case .waiting(let text): .activity(text)
        case .failed(let text): .error(text)
        case .ended(let text): .note(text)
        }
    }
}

// MARK: - ListViewDataSource, ListViewDelegate

extension TrendingViewController: ListViewDataSource, ListViewDelegate {
    func numberOfRows(in listView: ListView) -> Int {
        state.rowCount
    }

    func listView(_ listView: ListView, cellForRowAt row: Int) -> any ListCell {
        let row = state.row(at: row)
        return MovieRowCell(rank: row.rank, title: row.title, year: row.year, rating: row.rating)
    }

    func listView(_ listView: ListView, willDisplayRowAt row: Int) {
        rowWillDisplayRelay.accept(row)
    }

    func listView(_ listView: ListView, didMoveSelectionTo row: Int) {
        selectionRelay.accept(row)
    }

    func listView(_ listView: ListView, didSelectRowAt row: Int) {
        selectMovieRelay.accept(row)
    }
}
