import Foundation
import MovieUI
import TMDB
import TerminalUI
import ViewModelKit

/// One movie. With Input/Output the controller sends what the user does into its view
/// model's inputs and renders every state that comes out.
final class MovieDetailViewController: ViewController {
    let viewModel: MovieDetailViewModel
    /// The state on screen, for the keys.
    private var state: MovieDetailViewModel.State?
    private let disposeBag = DisposeBag()

    // MARK: Input

    private let viewDidLoadRelay = PublishRelay<Void>()
    private let retryRelay = PublishRelay<Void>()
    private let viewDidDisappearRelay = PublishRelay<Void>()

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
        viewDidLoadRelay.accept(())
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        viewDidDisappearRelay.accept(())
    }

    override func handle(_ key: Key) -> Bool {
        guard key == .character("r"), state?.errorMessage != nil else {
            return super.handle(key)
        }
        retryRelay.accept(())
        return true
    }

    // MARK: Binding

    /// Connects the inputs and renders every state the output sends (RxSwift: `drive`).
    private func bindViewModel() {
        let output = viewModel.transform(
            input: MovieDetailViewModel.Input(
                viewDidLoad: viewDidLoadRelay.asSignal(),
                retry: retryRelay.asSignal(),
                viewDidDisappear: viewDidDisappearRelay.asSignal()))
        output.state
            .drive(onNext: { [weak self] state in self?.render(state) })
            .disposed(by: disposeBag)
    }

    // MARK: Rendering

    private func render(_ state: MovieDetailViewModel.State) {
        self.state = state
        navigationItem.title = state.title
        navigationItem.subtitle = state.subtitle
        textView.isHidden = !state.isShowingDetail
        loadingView.isHidden = !state.isLoading
        loadingView.text = state.loadingText
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
        statusLine = .hint(state.hints)
    }
}
