import GalleryCore
import Imaging

/// Draws the feed's activity spinner: one anti-aliased spoke texture, made once, copied twelve times turned and faded.
@MainActor
final class SpinnerPainter {
    /// The spinner's outer diameter in pixels, like the platform's large indicator.
    static let diameter = 56
    private let model = ActivitySpinner()
    private var spoke: (any CanvasTexture)?

    /// Makes the spoke texture on `renderer` unless held: the step before painting.
    func prepare(renderer: any Canvas) throws {
        if let spoke, spoke.canvas === renderer { return }
        spoke = try renderer.makeTexture(from: try Self.makeSpoke())
    }

    /// Draws the spinner centred at `centre` as it looks at `time`, from the texture `prepare(renderer:)` made.
    func paint(centredAt centre: PixelPoint, at time: Double, renderer: any Canvas) throws {
        guard let texture = spoke else { return }
        // The spoke texture spans the whole diameter with the spoke in its top quarter, so turning it about the
        // texture's centre places the spoke around the spinner's centre.
        let rect = PixelRect(
            x: centre.x - Self.diameter / 2, y: centre.y - Self.diameter / 2, width: Self.diameter,
            height: Self.diameter)
        for index in 0..<ActivitySpinner.spokeCount {
            let opacity = model.opacity(ofSpoke: index, at: time)
            try texture.setAlphaModulation(UInt8((opacity * 255).rounded()))
            try renderer.copy(texture, to: rect, rotatedBy: model.angle(ofSpoke: index))
        }
    }

    /// A light capsule from 45 % to 95 % of the radius above the centre, with coverage-based anti-aliased edges.
    static func makeSpoke() throws -> PixelBuffer {
        let size = diameter
        let centre = Double(size) / 2
        let halfWidth = Double(size) * 0.045
        let top = centre - centre * 0.95 + halfWidth
        let bottom = centre - centre * 0.45 - halfWidth
        let pixels = try PixelBuffer(width: size, height: size, format: .argb8888)
        pixels.paint { x, y in
            // Distance from the pixel centre to the capsule's axis segment, minus its half width.
            let px = Double(x) + 0.5
            let py = Double(y) + 0.5
            let nearestY = min(max(py, top), bottom)
            let distance = ((px - centre) * (px - centre) + (py - nearestY) * (py - nearestY)).squareRoot()
            let coverage = min(max(halfWidth + 0.5 - distance, 0), 1)
            return RGBA(r: 235, g: 235, b: 240, a: UInt8((coverage * 255).rounded()))
        }
        return pixels
    }
}
