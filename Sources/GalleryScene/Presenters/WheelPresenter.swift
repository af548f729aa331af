import GalleryCore
import Imaging
import PagerEngine
import Support

/// The wheel on the canvas: where its rows lie, its rows painted with their thumbnails, and the thumbnails it keeps
/// decoded (the rows shown and a screen's worth either side, for a fling).
@MainActor
struct WheelPresenter {
    /// Draws the rows.
    let painter: WheelPainter

    /// The frame's layout with the wheel's rows in it, less `reserved` pixels along the bottom (the status bar).
    static func sceneLayout(
        of wheel: WheelScreen, direction: WheelDirection, width: Int, height: Int, scale: Double, reserved: Int,
        overlay: OverlayState
    ) -> SceneLayout {
        let layout = WheelPainter.layout(for: wheel.rows, direction: direction, reserved: reserved)
        return SceneLayout(
            width: width, height: height, scale: scale, overlay: overlay, wheel: layout,
            wheelRows: layout.rows(atSlotPosition: wheel.rows.slotPosition, topology: wheel.rows.topology))
    }

    /// Draws `wheel` as `scene` lays it out.
    func paint(_ wheel: WheelScreen, scene: SceneLayout, in frame: FrameContext) throws {
        let direction = frame.model.settings.wheelDirection
        try painter.prepare(
            pager: wheel.rows, direction: direction, scene: scene, library: frame.library, renderer: frame.renderer)
        try painter.paint(
            pager: wheel.rows, direction: direction, scene: scene, library: frame.library,
            thumbnails: frame.thumbnails, renderer: frame.renderer, marked: frame.model.marks.contains)
    }

    /// Asks for the thumbnails of the rows shown, centre first, then a screen's worth either side.
    func wantThumbnails(of wheel: WheelScreen, in frame: FrameContext) {
        let layout = WheelPainter.layout(for: wheel.rows, direction: frame.model.settings.wheelDirection)
        let centre = wheel.currentRow
        let reach = Int(wheel.rows.wheelRowsPerViewport.rounded(.up))
        let photos = (0...reach).flatMap { distance in
            distance == 0 ? [centre] : [centre + distance, centre - distance]
        }.map { PhotoID(WrapMath.wrap($0, count: max(frame.library.count, 1))) }
        frame.thumbnails.want(GalleryController.unique(photos), size: WheelPainter.thumbnailBox(for: layout))
    }
}
