import GalleryCore
import Imaging
import PagerEngine
import Support

/// Draws the feed's end page: the spinner while more pages load, with what the feed waits for below it; after a
/// failure, the retry prompt and the reason.
@MainActor
struct FeedEndPainter {
    private let spinner = SpinnerPainter()
    private let texts: TextCache

    /// A painter whose texts come from `texts`.
    init(texts: TextCache) {
        self.texts = texts
    }

    /// Makes the spinner's texture for a loading end page and returns the texts the page needs made, in a slot
    /// `slotWidth` wide; painting then only draws.
    func prepare(
        _ content: FeedEndContent, slotWidth: Int, scale: Double, renderer: any Canvas
    ) throws -> [TextRequest] {
        if case .loading = content { try spinner.prepare(renderer: renderer) }
        return Self.requests(content, slotWidth: slotWidth, scale: scale)
    }

    /// The feed's end page's texts in a slot `slotWidth` wide: what the feed waits for, or the retry prompt and the
    /// reason.
    private static func requests(_ content: FeedEndContent, slotWidth: Int, scale: Double) -> [TextRequest] {
        let room = max(slotWidth - SceneLayout.px(32, scale: scale), 1)
        switch content {
        case .loading(let note):
            return note.map {
                [
                    TextRequest(
                        text: $0, pointSize: SceneLayout.px(14, scale: scale), color: RGBA(r: 170, g: 170, b: 180),
                        fitting: room)
                ]
            } ?? []
        case .failed(let reason):
            return [
                TextRequest(
                    text: retryPrompt, pointSize: SceneLayout.px(20, scale: scale), color: RGBA(r: 235, g: 235, b: 240),
                    fitting: room),
                TextRequest(
                    text: reason, pointSize: SceneLayout.px(14, scale: scale), color: RGBA(r: 170, g: 170, b: 180),
                    fitting: room),
            ]
        }
    }

    /// The spinner while more pages load, with what the feed waits for in small text below it; after a failure, the
    /// retry prompt with the reason in small text.
    func paint(
        _ content: FeedEndContent, in slot: PixelRect, time: Double, scale: Double, renderer: any Canvas
    ) throws {
        let centre = PixelPoint(x: slot.x + slot.width / 2, y: slot.y + slot.height / 2)
        let room = max(slot.width - SceneLayout.px(32, scale: scale), 1)
        let textures = try Self.requests(content, slotWidth: slot.width, scale: scale).compactMap(texts.texture)
        switch content {
        case .loading:
            try spinner.paint(centredAt: centre, at: time, renderer: renderer)
            guard let texture = textures.first else { return }
            let width = min(texture.width, room)
            try renderer.copy(
                texture, from: PixelRect(x: 0, y: 0, width: width, height: texture.height),
                to: PixelRect(
                    x: centre.x - width / 2,
                    y: centre.y + SpinnerPainter.diameter / 2 + SceneLayout.px(16, scale: scale),
                    width: width, height: texture.height))
        case .failed:
            var y = centre.y - textures.map(\.height).reduce(0, +) / 2
            for texture in textures {
                let width = min(texture.width, room)
                try renderer.copy(
                    texture, from: PixelRect(x: 0, y: 0, width: width, height: texture.height),
                    to: PixelRect(x: centre.x - width / 2, y: y, width: width, height: texture.height))
                y += texture.height + SceneLayout.px(6, scale: scale)
            }
        }
    }

    /// What the feed's end page says after a failure.
    static let retryPrompt = "Couldn\u{2019}t load more \u{2014} press R or click to retry"
}
