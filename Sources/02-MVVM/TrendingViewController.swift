import Foundation
import ImagePipelineUI
import MovieUI
import TMDB
import TerminalUI

/// The trending list. In MVVM the controller only binds: it renders what its view model
/// says and forwards what the user does.
final class TrendingViewController: ViewController {
    let viewModel: TrendingViewModel
    private let searchViewModel: SearchViewModel

    // MARK: Views

    private let listView = ListView()
    private let posterView = PosterView()
    private let loadingView = ActivityIndicatorView()
    private let messageView = MessageView()

    init(viewModel: TrendingViewModel, searchViewModel: SearchViewModel) {
        self.viewModel = viewModel
        self.searchViewModel = searchViewModel
        super.init()
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        listView.dataSource = self
        listView.delegate = self
        view.addSubview(PreviewPaneLayoutView(listView: listView, posterView: posterView))
        view.addSubview(loadingView)
        view.addSubview(messageView)
        // S1: `/` opens a search whose results show over this list.
        let resultsViewController = SearchResultsViewController(viewModel: searchViewModel)
        let searchController = SearchController(searchResultsController: resultsViewController)
        searchController.searchResultsUpdater = resultsViewController
        navigationItem.searchController = searchController
        viewModel.previewRoomDidChange(hasRoom: traitCollection.horizontalSizeClass == .regular)
        viewModel.viewDidLoad()
    }

    override func handle(_ key: Key) -> Bool {
        switch key {
        case .character("t"):
            viewModel.toggleTimeWindow()
        case .character("r"):
            viewModel.retry()
        default:
            return super.handle(key)
        }
        return true
    }

    /// P2: the pane shows on a screen regular across.
    override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        viewModel.previewRoomDidChange(hasRoom: traitCollection.horizontalSizeClass == .regular)
    }

    // MARK: Rendering

    /// Copies the view model into the views. The kit calls it again whenever a view-model
    /// property it read changes (Observation), as UIKit does on iOS 26.
    override func updateProperties() {
        super.updateProperties()
        navigationItem.title = viewModel.title
        navigationItem.subtitle = viewModel.subtitle
        navigationItem.trailing = viewModel.position
        listView.reloadData()
        listView.selectRow(viewModel.selectedRow)
        listView.isHidden = viewModel.rowCount == 0
        posterView.isHidden = !viewModel.showsPreview
        posterView.setPoster(viewModel.previewPoster)
        posterView.isLoading = viewModel.isLoadingPreviewPoster
        loadingView.isHidden = !viewModel.isLoadingFirstPage
        loadingView.text = viewModel.loadingText
        messageView.isHidden = viewModel.message == nil
        if let message = viewModel.message {
            messageView.kind = message.isError ? .error : .information
            messageView.message = message.text
            messageView.hint = message.hint
        }
        statusLine = currentStatusLine
    }

    private var currentStatusLine: StatusLine {
        switch viewModel.status {
        case .hint(let text): .hint(text)
        case .activity(let text): .activity(text)
        case .failed(let text): .error(text)
        case .ended(let text): .note(text)
        }
    }
}

// MARK: - ListViewDataSource, ListViewDelegate

extension TrendingViewController: ListViewDataSource, ListViewDelegate {
    func numberOfRows(in listView: ListView) -> Int {
        viewModel.rowCount
    }

    func listView(_ listView: ListView, cellForRowAt row: Int) -> any ListCell {
        let row = viewModel.row(at: row)
        return MovieRowCell(rank: row.rank, title: row.title, year: row.year, rating: row.rating)
    }

    func listView(_ listView: ListView, willDisplayRowAt row: Int) {
        viewModel.rowWillDisplay(at: row)
    }

    func listView(_ listView: ListView, didMoveSelectionTo row: Int) {
        viewModel.selectionDidMove(to: row)
    }

    func listView(_ listView: ListView, didSelectRowAt row: Int) {
        let detailViewModel = MovieDetailViewModel(movie: viewModel.movie(at: row))
        let detailViewController = MovieDetailViewController(viewModel: detailViewModel)
        navigationController?.pushViewController(detailViewController, animated: true)
    }
}
