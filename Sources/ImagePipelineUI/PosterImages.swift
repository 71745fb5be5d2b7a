import ImagePipeline
import MovieUI
import TerminalUI

/// Where the pipeline meets the kit, as Kingfisher's `UIImageView` extensions meet UIKit.
extension PosterView {
    /// Shows `poster`, or the placeholder for nil. The kit's picture is made only when the
    /// poster changes: a new picture is sent to the terminal again. It is named by its
    /// poster path ("/abc.jpg"), so that a test can ask which poster is on screen.
    public func setPoster(_ poster: LoadedImage?) {
        guard let poster else {
            image = nil
            return
        }
        let posterPath = "/" + poster.url.lastPathComponent
        guard image?.source != posterPath else { return }
        image = Image(
            width: poster.bitmap.width, height: poster.bitmap.height,
            pixels: poster.bitmap.pixels, jpegData: [UInt8](poster.jpegData), source: posterPath)
    }
}
