import GalleryCore
import Imaging
import PagerEngine
import Support

/// The wheel on the canvas: where its rows lie, its rows painted with their thumbnails, and the thumbnails it keeps
/// decoded (the rows shown and a screen's worth either side, for a fling).
@MainActor
struct WheelPresenter: ScreenPresenter {
    /// Draws the rows.
    let painter: WheelPainter

    /// The wheel shown, when the screen is the wheel.
    private static func wheel(in frame: FrameContext) -> WheelScreen? { frame.model.screen.wheel }

    /// The frame's layout with the wheel's rows in it, less `reserved` pixels along the bottom (the status bar).
    func sceneLayout(
        width: Int, height: Int, scale: Double, overlay: OverlayState, reserved: Int, in frame: FrameContext
    ) -> SceneLayout {
        guard let wheel = Self.wheel(in: frame) else {
            return SceneLayout(width: width, height: height, scale: scale, overlay: overlay)
        }
        let layout = WheelPainter.layout(
            for: wheel.rows, direction: frame.model.settings.wheelDirection, reserved: reserved)
        return SceneLayout(
            width: width, height: height, scale: scale, overlay: overlay, wheel: layout,
            wheelRows: layout.rows(atSlotPosition: wheel.rows.slotPosition, topology: wheel.rows.topology))
    }

    /// Draws the wheel as this frame lays it out (`SceneDrawing.drawnLayout`, set before painting).
    func paint(
        with drawing: SceneDrawing, scale: Double, in frame: FrameContext,
        upload: ([(slot: Int, photo: PhotoID)]) throws -> Void
    ) throws {
        guard let wheel = Self.wheel(in: frame), let scene = drawing.drawnLayout else { return }
        let direction = frame.model.settings.wheelDirection
        try painter.prepare(
            pager: wheel.rows, direction: direction, scene: scene, library: frame.library, renderer: frame.renderer)
        try painter.paint(
            pager: wheel.rows, direction: direction, scene: scene, library: frame.library,
            thumbnails: frame.thumbnails, renderer: frame.renderer, marked: frame.model.marks.contains)
    }

    /// Asks for the thumbnails of the rows shown, centre first, then a screen's worth either side; keeps no pages.
    func wantDecodes(with drawing: SceneDrawing, in frame: FrameContext) -> ResidencyStrip? {
        guard let wheel = Self.wheel(in: frame) else { return nil }
        let layout = WheelPainter.layout(for: wheel.rows, direction: frame.model.settings.wheelDirection)
        let centre = wheel.currentRow
        let reach = Int(wheel.rows.wheelRowsPerViewport.rounded(.up))
        let photos = (0...reach).flatMap { distance in
            distance == 0 ? [centre] : [centre + distance, centre - distance]
        }.map { PhotoID(WrapMath.wrap($0, count: max(frame.library.count, 1))) }
        frame.thumbnails.want(GalleryController.unique(photos), size: WheelPainter.thumbnailBox(for: layout))
        return nil
    }

    /// The rows' strip as it moves, with the current row.
    func motion(in frame: FrameContext) -> ScreenMotion {
        Self.wheel(in: frame).map { ScreenMotion(of: $0.rows, row: $0.currentRow) }
            ?? ScreenMotion(atRestIn: frame.model)
    }

    /// The photos in the rows' first three slots.
    func slotPhotos(in frame: FrameContext) -> [PhotoID?] {
        PagerPresenter.slotPhotos(of: Self.wheel(in: frame)?.rows, in: frame)
    }

    /// The rows are thumbnails.
    var showsThumbnailsOnly: Bool { true }
}
