import Foundation
import ImagePipelineUI
import MoviePresentation
import MovieUI
import TMDB
import TerminalUI

/// One movie. In MVVM the controller only binds: it renders what its view model says and
/// forwards what the user does.
final class MovieDetailViewController: ViewController {
    let viewModel: MovieDetailViewModel

    // MARK: Views

    private let textView = TextView()
    private let posterView = PosterView()
    private let loadingView = ActivityIndicatorView()
    private let messageView = MessageView(kind: .error)

    init(viewModel: MovieDetailViewModel) {
        self.viewModel = viewModel
        super.init()
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(PosterLayoutView(posterView: posterView, contentView: textView))
        view.addSubview(loadingView)
        view.addSubview(messageView)
        viewModel.viewDidLoad()
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        viewModel.viewDidDisappear()
    }

    override func handle(_ key: Key) -> Bool {
        guard key == .character("r"), viewModel.retry() else {
            return super.handle(key)
        }
        return true
    }

    // MARK: Rendering

    /// Copies the view model into the views. The kit calls it again whenever a view-model
    /// property it read changes (Observation), as UIKit does on iOS 26.
    override func updateProperties() {
        super.updateProperties()
        navigationItem.title = viewModel.title
        navigationItem.subtitle = viewModel.subtitle
        textView.isHidden = !viewModel.isShowingDetail
        posterView.isHidden = !viewModel.hasPoster
        posterView.setPoster(viewModel.poster)
        posterView.isLoading = viewModel.isLoadingPoster
        loadingView.isHidden = !viewModel.isLoading
        loadingView.text = viewModel.loadingText
        messageView.isHidden = viewModel.errorMessage == nil
        if viewModel.isShowingDetail {
            textView.blocks =
                MovieDetailContent(
                    tagline: viewModel.tagline, facts: viewModel.facts,
                    overview: viewModel.overview, cast: viewModel.cast,
                    trailerLink: viewModel.trailerLink
                ).blocks
        }
        if let errorMessage = viewModel.errorMessage {
            messageView.message = errorMessage
            messageView.hint = "r to retry · b back"
        }
        statusLine = .hint(viewModel.hints)
    }
}
