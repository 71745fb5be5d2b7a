import Foundation
import MovieUI
import TMDB
import TerminalUI
import ViewModelKit

/// One movie. With Input/Output the controller sends what the user does into its view
/// model's input streams and renders every state that comes out.
final class MovieDetailViewController: ViewController {
    let viewModel: MovieDetailViewModel
    private var state = MovieDetailViewModel.State()
    private let bag = TaskBag()

    // MARK: Input

    private let viewDidLoadEvents = AsyncStream.makeStream(of: Void.self)
    private let retryEvents = AsyncStream.makeStream(of: Void.self)
    private let viewDidDisappearEvents = AsyncStream.makeStream(of: Void.self)

    // MARK: Views

    private let textView = TextView()
    private let loadingView = ActivityIndicatorView()
    private let messageView = MessageView(kind: .error)

    init(viewModel: MovieDetailViewModel) {
        self.viewModel = viewModel
        super.init()
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(textView)
        view.addSubview(loadingView)
        view.addSubview(messageView)
        bindViewModel()
        viewDidLoadEvents.continuation.yield()
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        viewDidDisappearEvents.continuation.yield()
    }

    override func handle(_ key: Key) -> Bool {
        guard key == .character("r"), state.errorMessage != nil else {
            return super.handle(key)
        }
        retryEvents.continuation.yield()
        return true
    }

    // MARK: Binding

    /// Connects the input streams and renders every state the output sends (RxSwift: `drive`).
    private func bindViewModel() {
        let output = viewModel.transform(
            input: MovieDetailViewModel.Input(
                viewDidLoad: viewDidLoadEvents.stream,
                retry: retryEvents.stream,
                viewDidDisappear: viewDidDisappearEvents.stream))
        Task { [weak self] in
            for await state in output.state { self?.render(state) }
        }.store(in: bag)
    }

    // MARK: Rendering

    private func render(_ state: MovieDetailViewModel.State) {
        self.state = state
        navigationItem.title = state.title
        navigationItem.subtitle = state.subtitle
        textView.isHidden = !state.isShowingDetail
        loadingView.isHidden = !state.isLoading
        messageView.isHidden = state.errorMessage == nil
        if state.isShowingDetail {
            textView.blocks =
                MovieDetailContent(
                    heading: state.heading, tagline: state.tagline, facts: state.facts,
                    overview: state.overview, cast: state.cast, trailerLink: state.trailerLink
                ).blocks
        }
        if let errorMessage = state.errorMessage {
            messageView.message = errorMessage
            messageView.hint = "r to retry · b back"
        }
        statusLine = .hint("↑↓ scroll · b back · ? help · q quit")
    }
}
