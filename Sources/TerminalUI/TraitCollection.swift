/// How much room a screen has across, like UIKit's `UIUserInterfaceSizeClass`.
public enum UserInterfaceSizeClass: Sendable {
    /// Not known yet: a controller no application shows.
    case unspecified
    /// Room for one column of content.
    case compact
    /// Room for a second column beside the first, as an iPad's full screen has room for a
    /// split view's secondary column.
    case regular
}

/// The screen's traits, like UIKit's `UITraitCollection`: for now its width class.
public struct TraitCollection: Equatable, Sendable {
    /// The narrowest screen that is regular across.
    public static let minimumRegularWidth = 100

    public let horizontalSizeClass: UserInterfaceSizeClass

    public init(horizontalSizeClass: UserInterfaceSizeClass) {
        self.horizontalSizeClass = horizontalSizeClass
    }

    /// The traits of a screen of `size` cells.
    init(screenSize size: Size) {
        horizontalSizeClass = size.width >= Self.minimumRegularWidth ? .regular : .compact
    }
}
