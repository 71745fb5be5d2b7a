import CleanDomain
import MovieUI
import TerminalUI

/// Where the domain's poster meets the kit. Presentation reaches neither the image pipeline
/// nor its kit extension (`ImagePipelineUI`), so it has its own, for every screen's poster.
extension PosterView {
    /// Shows the domain's poster, or the placeholder for nil. The kit's picture is made only
    /// when the poster changes: a new picture is sent to the terminal again.
    func setPoster(_ poster: Poster?) {
        guard let poster else {
            image = nil
            return
        }
        guard image?.source != poster.path else { return }
        image = Image(
            width: poster.width, height: poster.height, pixels: poster.pixels,
            jpegData: poster.fileData, source: poster.path)
    }
}
