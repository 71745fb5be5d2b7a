import Foundation
import ImagePipelineUI
import MovieUI
import TMDB
import TerminalUI

/// The search results, shown over the trending list by its search controller. In MVVM the
/// controller only binds: it renders what its view model says and forwards what the user
/// types and does.
final class SearchResultsViewController: ViewController, SearchResultsUpdating {
    let viewModel: SearchViewModel

    // MARK: Views

    private let listView = ListView()
    private let posterView = PosterView()
    private let loadingView = ActivityIndicatorView(text: "Searching…")
    private let messageView = MessageView()

    init(viewModel: SearchViewModel) {
        self.viewModel = viewModel
        super.init()
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        listView.dataSource = self
        listView.delegate = self
        view.addSubview(PreviewPaneLayoutView(listView: listView, posterView: posterView))
        view.addSubview(loadingView)
        view.addSubview(messageView)
        viewModel.previewRoomDidChange(hasRoom: traitCollection.horizontalSizeClass == .regular)
    }

    override func handle(_ key: Key) -> Bool {
        guard key == .character("r"), viewModel.retry() else {
            return super.handle(key)
        }
        return true
    }

    // MARK: Searching

    func updateSearchResults(for searchController: SearchController) {
        viewModel.textDidChange(searchController.searchBar.text)
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
        loadingView.isHidden = !viewModel.isSearching
        loadingView.text = viewModel.loadingText
        messageView.isHidden = viewModel.message == nil
        if let message = viewModel.message {
            messageView.kind = message.isError ? .error : .information
            messageView.message = message.text
            messageView.hint = message.hint
        }
        statusLine = currentStatusLine
        searchBarHint = viewModel.searchBarHint.map(StatusLine.hint)
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

extension SearchResultsViewController: ListViewDataSource, ListViewDelegate {
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
