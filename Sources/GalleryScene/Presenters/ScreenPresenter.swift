import GalleryCore
import Imaging
import PagerEngine
import Support

/// One screen's drawing side, which the controller asks without asking which screen shows (`SceneDrawing`'s
/// `presenter(of:)` picks it): where the frame lays out, what it paints, what it keeps decoded and sharp, what of the
/// current photo it measures, and what fades it advances. Each reads its own screen's state from the frame's model.
@MainActor
protocol ScreenPresenter {
    /// The frame's layout of `overlay` in a `width` × `height` output at `scale`, with the screen's own parts in it
    /// (the wheel's rows) less `reserved` pixels along the bottom (the status bar).
    func sceneLayout(
        width: Int, height: Int, scale: Double, overlay: OverlayState, reserved: Int, in frame: FrameContext
    ) -> SceneLayout

    /// Paints the screen with `drawing`'s other presenters at hand: the slots shown get their textures first
    /// (`upload` then writes an animation's frame into them), so painting uploads none.
    func paint(
        with drawing: SceneDrawing, scale: Double, in frame: FrameContext,
        upload: ([(slot: Int, photo: PhotoID)]) throws -> Void
    ) throws

    /// Asks for the thumbnails the screen shows and is about to; returns the strip along which the residency plan
    /// keeps its pages decoded, nil when it keeps none now.
    func wantDecodes(with drawing: SceneDrawing, in frame: FrameContext) -> ResidencyStrip?

    /// Each frame after the residency plan: brings sharp regions in line with a zoom the screen follows frame by frame
    /// (the compare screen's), within `budgetBytes`.
    func keepSharp(detail: ZoomDetail, budgetBytes: Int, in frame: FrameContext)

    /// On the model's `sharpen` effect: brings the sharp region in line with the zoom, within `budgetBytes`.
    func sharpen(detail: ZoomDetail, budgetBytes: Int, in frame: FrameContext)

    /// The fits, without and with the status bar (`fit`), of the decoded photos the model zooms from on this screen.
    func decodedFits(
        in frame: FrameContext, fit: (PhotoID, PixelSize) -> FrameFacts.Fit
    ) -> [PhotoID: FrameFacts.Fit]

    /// Drops the fades complete at `time`; returns whether one was (one more frame shows the photo fully).
    func advanceFades(to time: Double) -> Bool

    /// Whether a photo on screen is still fading in over its placeholder at `time`.
    func isFadingIn(at time: Double) -> Bool

    /// How the screen moves now, for the trace and the information panel.
    func motion(in frame: FrameContext) -> ScreenMotion

    /// The photo each of the screen's first three slots shows (nil: none), for a new page store.
    func slotPhotos(in frame: FrameContext) -> [PhotoID?]

    /// A far jump landed on `page` before its photo is decoded: its thumbnail stands in until it comes.
    func wantStandIn(forPage page: PageIndex, in frame: FrameContext)

    /// The photos' own pixels as drawn, once decoded, for a screen whose zoom the model measures on them (the compare
    /// screen's locked zoom); `imageSize` gives a photo's own pixels from its header, for its decoded size as drawn.
    func pictures(
        in frame: FrameContext, pageBox: PixelSize, imageSize: (PhotoID, PixelSize) -> PixelSize
    ) -> [PhotoID: ComparedPicture]

    /// Where the screen draws its photos as the model places them, to notice a size that arrived and moved one;
    /// empty when the model does not place them (the compare screen does).
    func placedFrames(in frame: FrameContext) -> [Double]

    /// The name of a second photo shown beside the current one (the compare screen's right-hand one), else empty.
    func secondName(in frame: FrameContext) -> String

    /// The status bar's facts when the screen states its own (its own pixels, the share of them shown); nil for the
    /// current photo's.
    func statusFacts(in frame: FrameContext) -> (size: (width: Int, height: Int)?, zoomPercent: Int?)?

    /// Whether the screen shows photos as thumbnails only (the wheel's rows): no page sizes, no animation, and its
    /// thumbnails count as its textures.
    var showsThumbnailsOnly: Bool { get }
}

extension ScreenPresenter {
    /// The overlay's layout alone: the screen has no parts of its own in it.
    func sceneLayout(
        width: Int, height: Int, scale: Double, overlay: OverlayState, reserved: Int, in frame: FrameContext
    ) -> SceneLayout {
        SceneLayout(width: width, height: height, scale: scale, overlay: overlay)
    }

    /// No zoom followed frame by frame.
    func keepSharp(detail: ZoomDetail, budgetBytes: Int, in frame: FrameContext) {}

    /// No sharp region of its own: one held is dropped (only the pager screen zooms one photo).
    func sharpen(detail: ZoomDetail, budgetBytes: Int, in frame: FrameContext) {
        detail.clear()
    }

    /// No zoom measured here.
    func decodedFits(
        in frame: FrameContext, fit: (PhotoID, PixelSize) -> FrameFacts.Fit
    ) -> [PhotoID: FrameFacts.Fit] { [:] }

    /// No fades.
    func advanceFades(to time: Double) -> Bool { false }

    /// No fades.
    func isFadingIn(at time: Double) -> Bool { false }

    /// At rest: no strip of its own.
    func motion(in frame: FrameContext) -> ScreenMotion { ScreenMotion(atRestIn: frame.model) }

    /// No slots.
    func slotPhotos(in frame: FrameContext) -> [PhotoID?] { [nil, nil, nil] }

    /// No far jumps.
    func wantStandIn(forPage page: PageIndex, in frame: FrameContext) {}

    /// None measured.
    func pictures(
        in frame: FrameContext, pageBox: PixelSize, imageSize: (PhotoID, PixelSize) -> PixelSize
    ) -> [PhotoID: ComparedPicture] { [:] }

    /// None placed by the model.
    func placedFrames(in frame: FrameContext) -> [Double] { [] }

    /// No second photo.
    func secondName(in frame: FrameContext) -> String { "" }

    /// The current photo's facts.
    func statusFacts(in frame: FrameContext) -> (size: (width: Int, height: Int)?, zoomPercent: Int?)? { nil }

    /// Pages, not thumbnails.
    var showsThumbnailsOnly: Bool { false }
}
