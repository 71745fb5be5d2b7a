import Foundation
import Testing

@testable import TerminalUI

/// Bitmaps built in code, for the back ends.
enum TestImages {
    /// `width × height` pixels, red growing to the right, green downwards, blue 64.
    static func gradient(width: Int, height: Int, source: String = "gradient") -> Image {
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                pixels += [
                    UInt8(x * 255 / max(width - 1, 1)), UInt8(y * 255 / max(height - 1, 1)), 64,
                ]
            }
        }
        guard let image = Image(width: width, height: height, pixels: pixels, source: source)
        else { fatalError("a gradient has the pixels of its size") }
        return image
    }

    /// One pixel of each colour given, left to right, one row.
    static func row(_ colors: [(UInt8, UInt8, UInt8)], jpeg: [UInt8]? = nil) -> Image {
        guard
            let image = Image(
                width: colors.count, height: 1, pixels: colors.flatMap { [$0.0, $0.1, $0.2] },
                jpegData: jpeg, source: "row")
        else { fatalError("a row has the pixels of its size") }
        return image
    }
}

/// The image view and its back ends: kitty placeholders, iTerm2 inline images, half blocks,
/// plain frames (P1, P3, P4), exactly as written.
@MainActor
@Suite struct ImageTests {
    let esc = "\u{1B}"

    /// A view that gives its one image view `frame` of the screen.
    final class FrameView: View {
        let imageView = ImageView()
        var frame = Rect(x: 0, y: 0, width: 4, height: 2)

        override init() {
            super.init()
            addSubview(imageView)
        }

        override func draw(in canvas: Canvas, bounds: Rect) {
            imageView.draw(in: canvas, bounds: frame)
        }
    }

    final class PictureController: ViewController {
        let frameView = FrameView()

        override func viewDidLoad() {
            super.viewDidLoad()
            view.addSubview(frameView)
        }
    }

    /// Draws `image` into `frame` of a fresh canvas for `renderer`.
    func frame(
        _ image: Image?, in rect: Rect, size: Size = Size(width: 8, height: 3),
        renderer: Renderer, label: String? = nil
    ) -> Canvas {
        let canvas = Canvas(size: size)
        renderer.prepare(canvas)
        let view = ImageView(image: image)
        view.accessibilityLabel = label
        view.draw(in: canvas, bounds: rect)
        return canvas
    }

    func text(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    @Test("the box keeps the image's aspect, a cell being twice as tall as wide, centred (P1)")
    func aspectIsKept() {
        // A w342 poster (2:3) in 30×20 cells: as tall as the bounds, 27 wide.
        #expect(
            ImageView.fittedFrame(
                imageWidth: 342, imageHeight: 513, in: Rect(x: 0, y: 0, width: 30, height: 20))
                == Rect(x: 1, y: 0, width: 27, height: 20))
        // 2:1 in 40×20: as wide as the bounds, 10 rows, centred.
        #expect(
            ImageView.fittedFrame(
                imageWidth: 100, imageHeight: 50, in: Rect(x: 5, y: 2, width: 40, height: 20))
                == Rect(x: 5, y: 7, width: 40, height: 10))
    }

    @Test("plain: a neutral frame of the box's size with the label, and no escapes (P4)")
    func plainFrame() {
        let renderer = Renderer(colorEnabled: true)
        let image = TestImages.gradient(width: 20, height: 15)
        let canvas = frame(
            image, in: Rect(x: 0, y: 0, width: 8, height: 3), renderer: renderer, label: "poster")
        #expect(canvas.lines == ["┌──────┐", "│poster│", "└──────┘"])
        #expect(
            canvas.pictures == [Picture(image: image, frame: Rect(x: 0, y: 0, width: 8, height: 3))]
        )
        let bytes = text(renderer.render(canvas))
        #expect(
            !bytes.contains("\(esc)_G") && !bytes.contains("\(esc)]1337") && !bytes.contains("38;"))
    }

    @Test("half blocks: ▀ with the top pixel in front and the bottom one behind, 24-bit (P3)")
    func halfBlocksTrueColor() {
        let renderer = Renderer(colorEnabled: true)
        renderer.imageRendering = ImageRendering(backEnd: .halfBlocks(trueColor: true))
        guard let image = Image(width: 1, height: 2, pixels: [200, 10, 20, 0, 40, 250]) else {
            Issue.record("1×2 pixels make an image")
            return
        }
        let canvas = frame(image, in: Rect(x: 2, y: 1, width: 1, height: 1), renderer: renderer)
        let bytes = renderer.render(canvas)
        #expect(
            text(bytes)
                == "\(esc)[0m\(esc)[H\(esc)[2J\(esc)[2;3H\(esc)[0;38;2;200;10;20;48;2;0;40;250m▀\(esc)[0m"
        )
        let terminal = VirtualTerminal(width: 8, height: 3)
        terminal.write(bytes)
        #expect(terminal.halfBlock(atX: 2, y: 1)?.top == .rgb(red: 200, green: 10, blue: 20))
        #expect(terminal.halfBlock(atX: 2, y: 1)?.bottom == .rgb(red: 0, green: 40, blue: 250))
    }

    @Test("half blocks average the pixels each half covers, in the 256 colours where asked (P3)")
    func halfBlocksPalette() {
        let renderer = Renderer(colorEnabled: true)
        renderer.imageRendering = ImageRendering(backEnd: .halfBlocks(trueColor: false))
        // 4×4: the left half red, the right half white; the bottom two rows black.
        var pixels: [UInt8] = []
        for y in 0..<4 {
            for x in 0..<4 {
                pixels += y >= 2 ? [0, 0, 0] : x < 2 ? [255, 0, 0] : [255, 255, 255]
            }
        }
        guard let image = Image(width: 4, height: 4, pixels: pixels) else {
            Issue.record("4×4 pixels make an image")
            return
        }
        let terminal = VirtualTerminal(width: 8, height: 3)
        terminal.write(
            renderer.render(
                frame(image, in: Rect(x: 0, y: 0, width: 2, height: 1), renderer: renderer)))
        #expect(terminal.halfBlock(atX: 0, y: 0)?.top == .palette(196))
        #expect(terminal.halfBlock(atX: 1, y: 0)?.top == .palette(231))
        #expect(terminal.halfBlock(atX: 1, y: 0)?.bottom == .palette(16))
        #expect(terminal.rows[0] == "▀▀")
    }

    @Test("kitty: sent once under an id, placed by placeholder cells, moved, deleted (P3)")
    func kittyPlaceholders() {
        let renderer = Renderer(colorEnabled: true)
        renderer.imageRendering = ImageRendering(backEnd: .kittyPlaceholders)
        let terminal = VirtualTerminal(width: 8, height: 3)
        let image = TestImages.row([(1, 2, 3), (4, 5, 6)])
        let payload = Data([1, 2, 3, 4, 5, 6]).base64EncodedString()
        let cell00 = "\u{10EEEE}\u{0305}\u{0305}"
        let cell01 = "\u{10EEEE}\u{0305}\u{030D}"

        // One image.
        let first = renderer.render(
            frame(image, in: Rect(x: 0, y: 0, width: 2, height: 1), renderer: renderer))
        #expect(
            text(first)
                == "\(esc)_Ga=T,U=1,i=1,f=24,s=2,v=1,c=2,r=1,q=2,m=0;\(payload)\(esc)\\"
                + "\(esc)[0m\(esc)[H\(esc)[2J\(esc)[1;1H\(esc)[0;38;5;1m\(cell00)\(cell01)\(esc)[0m"
        )
        terminal.write(first)
        #expect(terminal.kittyImageCount == 1)
        #expect(terminal.kittyPlaceholder(atX: 0, y: 0)! == (1, 0, 0))
        #expect(terminal.kittyPlaceholder(atX: 1, y: 0)! == (1, 0, 1))

        // A redraw of the same frame writes nothing.
        #expect(
            renderer.render(
                frame(image, in: Rect(x: 0, y: 0, width: 2, height: 1), renderer: renderer)
            ).isEmpty)

        // A move: cells only, the image is not sent again.
        let moved = renderer.render(
            frame(image, in: Rect(x: 1, y: 1, width: 2, height: 1), renderer: renderer))
        #expect(
            text(moved)
                == "\(esc)[1;1H\(esc)[K\(esc)[2;2H\(esc)[0;38;5;1m\(cell00)\(cell01)\(esc)[0m\(esc)[K"
        )
        terminal.write(moved)
        #expect(terminal.kittyPlaceholder(atX: 2, y: 1)! == (1, 0, 1))
        #expect(terminal.kittyImageCount == 1)

        // Gone from the frame: deleted, data freed.
        let gone = renderer.render(
            frame(nil, in: Rect(x: 1, y: 1, width: 2, height: 1), renderer: renderer))
        #expect(text(gone) == "\(esc)[2;2H\(esc)[K\(esc)_Ga=d,d=I,i=1,q=2\(esc)\\")
        terminal.write(gone)
        #expect(terminal.kittyImageCount == 0)
    }

    @Test("kitty: an image shown at two sizes is two ids; a new image takes a free id")
    func kittyIDs() {
        let renderer = Renderer(colorEnabled: true)
        renderer.imageRendering = ImageRendering(backEnd: .kittyPlaceholders)
        let terminal = VirtualTerminal(width: 8, height: 3)
        let image = TestImages.gradient(width: 4, height: 4)
        let canvas = Canvas(size: Size(width: 8, height: 3))
        renderer.prepare(canvas)
        ImageView(image: image).draw(in: canvas, bounds: Rect(x: 0, y: 0, width: 2, height: 1))
        ImageView(image: image).draw(in: canvas, bounds: Rect(x: 4, y: 0, width: 4, height: 2))
        terminal.write(renderer.render(canvas))
        #expect(terminal.kittyImageCount == 2)
        #expect(terminal.kittyPlaceholder(atX: 0, y: 0)?.imageID == 1)
        #expect(terminal.kittyPlaceholder(atX: 4, y: 0)?.imageID == 2)
        #expect(terminal.kittyPlaceholder(atX: 7, y: 1)! == (2, 1, 3))
    }

    @Test("kitty: base64 in chunks of at most 4096 bytes, RGBA as f=32")
    func kittyChunks() throws {
        let pixels = [UInt8](repeating: 7, count: 32 * 32 * 4)
        let image = try #require(Image(width: 32, height: 32, pixels: pixels, hasAlpha: true))
        let escapes = ImageEscapes.kittyTransmission(
            id: 3, image: image, columns: 4, rows: 2,
            rendering: ImageRendering(backEnd: .kittyPlaceholders))
        let chunks = escapes.split(separator: "\(esc)\\").map { String($0) }
        let payload = Data(pixels).base64EncodedString()
        #expect(chunks.count == (payload.count + 4095) / 4096)
        #expect(
            chunks.first?.hasPrefix("\(esc)_Ga=T,U=1,i=3,f=32,s=32,v=32,c=4,r=2,q=2,m=1;") == true)
        #expect(chunks.dropFirst().dropLast().allSatisfy { $0.hasPrefix("\(esc)_Gm=1;") })
        #expect(chunks.last?.hasPrefix("\(esc)_Gm=0;") == true)
        let payloads = chunks.compactMap { $0.split(separator: ";").last.map(String.init) }
        #expect(payloads.allSatisfy { $0.count <= 4096 })
        #expect(payloads.joined() == payload)
    }

    @Test("kitty in tmux: each command wrapped in the passthrough, its ESCs doubled (P3)")
    func kittyThroughTmux() {
        let renderer = Renderer(colorEnabled: true)
        renderer.imageRendering = ImageRendering(
            backEnd: .kittyPlaceholders, passesThroughTmux: true)
        let terminal = VirtualTerminal(width: 8, height: 3)
        let image = TestImages.row([(1, 2, 3), (4, 5, 6)])
        let payload = Data([1, 2, 3, 4, 5, 6]).base64EncodedString()
        let bytes = renderer.render(
            frame(image, in: Rect(x: 0, y: 0, width: 2, height: 1), renderer: renderer))
        #expect(
            text(bytes).hasPrefix(
                "\(esc)Ptmux;\(esc)\(esc)_Ga=T,U=1,i=1,f=24,s=2,v=1,c=2,r=1,q=2,m=0;\(payload)\(esc)\(esc)\\\(esc)\\"
                    + "\(esc)[0m"))
        terminal.write(bytes)
        #expect(terminal.kittyImageCount == 1)
        #expect(terminal.kittyPlaceholder(atX: 1, y: 0)! == (1, 0, 1))
        let gone = renderer.render(
            frame(nil, in: .init(x: 0, y: 0, width: 0, height: 0), renderer: renderer))
        #expect(
            text(gone).hasSuffix("\(esc)Ptmux;\(esc)\(esc)_Ga=d,d=I,i=1,q=2\(esc)\(esc)\\\(esc)\\"))
        terminal.write(gone)
        #expect(terminal.kittyImageCount == 0)
    }

    @Test("iTerm2: the JPEG as it is after its cells, again whenever they are written (P3)")
    func iTermInline() {
        let renderer = Renderer(colorEnabled: true)
        renderer.imageRendering = ImageRendering(backEnd: .iTermInline)
        let image = TestImages.row([(1, 2, 3), (4, 5, 6)], jpeg: [0xFF, 0xD8, 0xFF, 0xD9])
        let osc =
            "\(esc)]1337;File=inline=1;size=4;width=2;height=1;preserveAspectRatio=1;"
            + "doNotMoveCursor=1:/9j/2Q==\u{07}"
        let rect = Rect(x: 1, y: 0, width: 2, height: 1)
        let first = renderer.render(frame(image, in: rect, renderer: renderer))
        #expect(text(first) == "\(esc)[0m\(esc)[H\(esc)[2J\(esc)[1;2H  \(esc)[1;2H\(osc)")
        let terminal = VirtualTerminal(width: 8, height: 3)
        terminal.write(first)
        #expect(terminal.inlineImages == [rect])

        // The same frame: nothing. A change elsewhere: not sent again.
        #expect(renderer.render(frame(image, in: rect, renderer: renderer)).isEmpty)
        let elsewhere = frame(image, in: rect, renderer: renderer)
        elsewhere.draw("x", x: 6, y: 2)
        #expect(text(renderer.render(elsewhere)) == "\(esc)[3;7Hx\(esc)[K")

        // A full redraw (Ctrl-L) writes its cells, so it is sent again.
        renderer.invalidate()
        #expect(
            text(renderer.render(frame(image, in: rect, renderer: renderer))).contains(
                "  \(esc)[1;2H\(osc)"))

        // Gone: its cells are written blank, which erases it, and nothing is sent.
        let gone = text(renderer.render(frame(nil, in: rect, renderer: renderer)))
        #expect(gone == "\(esc)[1;2H\(esc)[K")
    }

    @Test("iTerm2 in tmux: the cursor move and the image in one passthrough, the cursor put back")
    func iTermThroughTmux() {
        let renderer = Renderer(colorEnabled: true)
        renderer.imageRendering = ImageRendering(backEnd: .iTermInline, passesThroughTmux: true)
        let image = TestImages.row([(1, 2, 3)], jpeg: [0xFF, 0xD8, 0xFF, 0xD9])
        let bytes = text(
            renderer.render(
                frame(image, in: Rect(x: 0, y: 1, width: 1, height: 1), renderer: renderer)))
        #expect(
            bytes.hasSuffix(
                "\(esc)[2;1H\(esc)Ptmux;\(esc)\(esc)7\(esc)\(esc)[2;1H\(esc)\(esc)]1337;File=inline=1;size=4;"
                    + "width=1;height=1;preserveAspectRatio=1;doNotMoveCursor=1:/9j/2Q==\u{07}\(esc)\(esc)8\(esc)\\"
            ))
    }

    @Test("the virtual terminal records which picture fills which cells, by source (P1, P2)")
    func picturesOnScreen() async {
        let terminal = VirtualTerminal(width: 40, height: 10)
        let controller = PictureController()
        let application = Application(
            rootViewController: controller, terminal: terminal, help: testHelp)
        let poster = TestImages.gradient(width: 20, height: 30, source: "/w342/poster.jpg")
        controller.frameView.imageView.image = poster
        controller.frameView.frame = Rect(x: 2, y: 1, width: 14, height: 8)
        application.start()
        #expect(await application.waitUntilSettled())
        // 2:3 in 14×8 cells: as tall as the space, 11 wide, centred.
        let box = Rect(x: 3, y: 1, width: 11, height: 8)
        #expect(terminal.pictures.map(\.frame) == [box])
        #expect(terminal.picture(atX: box.x, y: box.y)?.source == "/w342/poster.jpg")
        #expect(terminal.picture(atX: box.maxX, y: box.y) == nil)
        controller.frameView.imageView.image = nil
        #expect(await application.waitUntilSettled())
        #expect(terminal.pictures.isEmpty)
        application.quit()
    }
}
