/// The shape every view model takes from step 03 on, as in RxSwift's Input/Output pattern:
/// everything the user does comes in as `Input`, everything the screen shows goes out as
/// `Output`, and `transform` is the only door between them.
@MainActor
public protocol ViewModelType {
    associatedtype Input
    associatedtype Output

    func transform(input: Input) -> Output
}
