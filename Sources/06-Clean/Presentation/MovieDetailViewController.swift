import CleanDomain
import Foundation
import MovieUI
import RxTerminalUI
import TerminalUI
import ViewModelKit

/// One movie. With Input/Output the controller sends what the user does into its view
/// model's inputs and binds each output to the view that shows it.
public final class MovieDetailViewController: ViewController {
    let viewModel: MovieDetailViewModel
    private let disposeBag = DisposeBag()

    // MARK: Input

    private let viewDidLoadRelay = PublishRelay<Void>()
    private let retryRelay = PublishRelay<Void>()
    private let viewDidDisappearRelay = PublishRelay<Void>()

    // MARK: Views

    private let textView = TextView()
    private let posterView = PosterView()
    private let loadingView = ActivityIndicatorView()
    private let messageView = MessageView(kind: .error, hint: "r to retry · b back")

    public init(viewModel: MovieDetailViewModel) {
        self.viewModel = viewModel
        super.init()
    }

    public override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(PosterLayoutView(posterView: posterView, contentView: textView))
        view.addSubview(loadingView)
        view.addSubview(messageView)
        bindViewModel()
        viewDidLoadRelay.accept(())
    }

    public override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        viewDidDisappearRelay.accept(())
    }

    public override func handle(_ key: Key) -> Bool {
        // D4: `r` is the error message's retry button, so it works only while that shows.
        guard key == .character("r"), !messageView.isHidden else {
            return super.handle(key)
        }
        retryRelay.accept(())
        return true
    }

    // MARK: Binding

    /// Connects the inputs, and binds each output to the view that shows it (RxCocoa:
    /// `drive(view.rx.property)`).
    private func bindViewModel() {
        let output = viewModel.transform(
            input: MovieDetailViewModel.Input(
                viewDidLoad: viewDidLoadRelay.asSignal(),
                retry: retryRelay.asSignal(),
                viewDidDisappear: viewDidDisappearRelay.asSignal()))
        output.title.drive(navigationItem.rx.title).disposed(by: disposeBag)
        output.subtitle.drive(navigationItem.rx.subtitle).disposed(by: disposeBag)
        output.isLoading.map { !$0 }.drive(loadingView.rx.isHidden).disposed(by: disposeBag)
        output.loadingText.drive(loadingView.rx.text).disposed(by: disposeBag)
        output.detail.map { $0 == nil }.drive(textView.rx.isHidden).disposed(by: disposeBag)
        output.detail.compactMap { $0?.blocks }.drive(textView.rx.blocks).disposed(by: disposeBag)
        output.errorMessage.map { $0 == nil }.drive(messageView.rx.isHidden)
            .disposed(by: disposeBag)
        output.errorMessage.compactMap { $0 }.drive(messageView.rx.message)
            .disposed(by: disposeBag)
        output.hasPoster.map { !$0 }.drive(posterView.rx.isHidden).disposed(by: disposeBag)
        output.poster.drive(Binder(posterView) { $0.setPoster($1) }).disposed(by: disposeBag)
        output.isLoadingPoster.drive(Binder(posterView) { $0.isLoading = $1 })
            .disposed(by: disposeBag)
        output.hints.map(StatusLine.hint).drive(rx.statusLine).disposed(by: disposeBag)
    }
}
