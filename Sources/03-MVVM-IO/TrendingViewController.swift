import Foundation
import MovieUI
import TMDB
import TerminalUI
import ViewModelKit

/// The trending list. With Input/Output the controller sends what the user does into
/// its view model's input streams and renders every state that comes out.
final class TrendingViewController: ViewController {
    let viewModel: TrendingViewModel
    private var state = TrendingViewModel.State()
    private let bag = TaskBag()

    // MARK: Input

    private let viewDidLoadEvents = AsyncStream.makeStream(of: Void.self)
    private let toggleWindowEvents = AsyncStream.makeStream(of: Void.self)
    private let retryEvents = AsyncStream.makeStream(of: Void.self)
    private let selectionEvents = AsyncStream.makeStream(of: Int.self)
    private let selectMovieEvents = AsyncStream.makeStream(of: Int.self)

    // MARK: Views

    private let listView = ListView()
    private let loadingView = ActivityIndicatorView()
    private let messageView = MessageView()

    init(viewModel: TrendingViewModel) {
        self.viewModel = viewModel
        super.init()
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        listView.dataSource = self
        listView.delegate = self
        view.addSubview(listView)
        view.addSubview(loadingView)
        view.addSubview(messageView)
        bindViewModel()
        viewDidLoadEvents.continuation.yield()
    }

    override func handle(_ key: Key) -> Bool {
        switch key {
        case .character("t"):
            toggleWindowEvents.continuation.yield()
        case .character("r"):
            retryEvents.continuation.yield()
        default:
            return super.handle(key)
        }
        return true
    }

    // MARK: Binding

    /// Connects the input streams and renders every state the output sends (RxSwift: `drive`).
    private func bindViewModel() {
        let output = viewModel.transform(
            input: TrendingViewModel.Input(
                viewDidLoad: viewDidLoadEvents.stream,
                toggleWindow: toggleWindowEvents.stream,
                retry: retryEvents.stream,
                selection: selectionEvents.stream,
                selectMovie: selectMovieEvents.stream))
        Task { [weak self] in
            for await state in output.state { self?.render(state) }
        }.store(in: bag)
        Task { [weak self] in
            for await movie in output.selectedMovie { self?.open(movie) }
        }.store(in: bag)
    }

    // MARK: Rendering

    private func render(_ state: TrendingViewModel.State) {
        let isNewList = state.generation != self.state.generation
        self.state = state
        navigationItem.title = state.title
        navigationItem.subtitle = state.subtitle
        navigationItem.trailing = state.position
        listView.reloadData()
        // A reload starts at the top (T10), even if its empty list was never drawn.
        if isNewList {
            listView.selectRow(0)
        }
        listView.isHidden = state.rows.isEmpty
        loadingView.isHidden = !state.isLoadingFirstPage
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
        case .failed(let text): .error(text)
        case .ended(let text): .note(text)
        }
    }

    // MARK: Navigation

    private func open(_ movie: Movie) {
        // An answer that arrives after another screen was opened opens nothing more.
        guard navigationController?.topViewController === self else { return }
        let detailViewModel = MovieDetailViewModel(movie: movie)
        let detailViewController = MovieDetailViewController(viewModel: detailViewModel)
        navigationController?.pushViewController(detailViewController, animated: true)
    }
}

// MARK: - ListViewDataSource, ListViewDelegate

extension TrendingViewController: ListViewDataSource, ListViewDelegate {
    func numberOfRows(in listView: ListView) -> Int {
        state.rows.count
    }

    func listView(_ listView: ListView, cellForRowAt row: Int) -> any ListCell {
        let row = state.rows[row]
        return MovieRowCell(rank: row.rank, title: row.title, year: row.year, rating: row.rating)
    }

    func listView(_ listView: ListView, didMoveSelectionTo row: Int) {
        selectionEvents.continuation.yield(row)
    }

    func listView(_ listView: ListView, didSelectRowAt row: Int) {
        selectMovieEvents.continuation.yield(row)
    }
}
