/// Turns an X server's touchpad gesture events (`X11GestureEvent`) into the gallery's input: the pinch into the same
/// `TouchpadGesture`s as on Wayland (`TouchpadPinch`), so it zooms about the fingers with the same physics. X11 pixels
/// are the renderer's (`pixelsPerUnit` 1), kept as a parameter should a drawable ever differ from its window.
public struct X11GestureTranslator: Sendable {
    /// Renderer pixels per X11 window pixel.
    public var pixelsPerUnit: Double
    /// The pinch under way.
    private var pinch = TouchpadPinch()

    /// A translator for a window whose renderer has `pixelsPerUnit` pixels per window pixel.
    public init(pixelsPerUnit: Double = 1) {
        self.pixelsPerUnit = pixelsPerUnit
    }

    /// The gallery's inputs for `event`, each with the server's time it happened at.
    public mutating func translate(_ event: X11GestureEvent) -> [(input: GalleryInput, time: UInt32?)] {
        switch event {
        case .pinchBegin(let time, _, let x, let y):
            return [(.touchpad(pinch.begin(x: x, y: y, pixelsPerUnit: pixelsPerUnit)), time)]
        case .pinchUpdate(let time, let dx, let dy, let scale):
            let gesture = pinch.update(dx: dx, dy: dy, scale: scale, pixelsPerUnit: pixelsPerUnit)
            return gesture.map { [(.touchpad($0), time)] } ?? []
        case .pinchEnd(let time, _):
            return pinch.end().map { [(.touchpad($0), time)] } ?? []
        }
    }
}
