import GalleryCore
import Imaging
import PagerEngine
import Support

/// The frame step: the model moved to the frame's time and what the world did taken in, decodes received, and
/// whether a frame or a timed wake-up is needed.
extension GalleryController {
    /// Moves the model to `time` (animations, the slideshow, the information's fade), then takes what the world did
    /// (the feed's answer, a changed library once the pager rests, finished file work) and asks for the pages needed.
    public func advance(to time: Double) {
        let wasMoving = model.isMoving(at: time), countDeadline = model.countDeadline, info = model.overlays.infoShownAt
        refreshFacts(at: time)
        let effects = model.advance(to: time)
        if wasMoving || !effects.isEmpty || model.countDeadline != countDeadline || model.overlays.infoShownAt != info
            || model.infoIsFading(at: time)
        {
            needsRedraw = true
        }
        carryOut(effects, at: time)
        // A fade that just ended was last drawn partly faded: one more frame shows the photo fully.
        if shownPresenter.advanceFades(to: time) { needsRedraw = true }
        if drawing.grid.advance(to: time, model: model) { needsRedraw = true }
        receiveFeed(at: time)
        receiveLibraryChanges(at: time)
        receiveFileOutcomes(at: time)
        receiveFolderChanges()
        if runners.photoDetails.takeArrivals() { needsRedraw = true }
        if services.decoderSandbox?.takeArrival() == true { needsRedraw = true }
        if spinnerIsVisible { needsRedraw = true }
        updateResidency()
        updateAnimation(at: time)
    }

    /// Hands the model what only this side knows now: the fits of the decoded photos around the centre, where the
    /// last frame drew what a click can hit, and how far the help scrolls while it shows.
    func refreshFacts(at time: Double) {
        let helpMaxScroll = model.overlays.showsHelp ? sceneLayout(overlayState).help?.maxScroll : nil
        let placedBefore = shownPresenter.placedFrames(in: frameContext)
        report(
            .facts(
                FrameFacts(
                    fits: decodedFits(), layout: drawing.drawnLayout, helpMaxScroll: helpMaxScroll,
                    pictures: shownPresenter.pictures(in: frameContext, pageBox: pageBox) {
                        imageSize(of: $0, fitted: $1)
                    })),
            at: time)
        // The compare screen measures its photos on these facts: a size that arrived moves a picture.
        if shownPresenter.placedFrames(in: frameContext) != placedBefore { needsRedraw = true }
    }

    /// Takes finished decodes and uploads them: at most `uploadBudget` page textures and `ThumbnailStore.uploadsPerPage`
    /// times as many thumbnails (all of both when nil), and the zoom's sharp region whenever it arrives. Returns
    /// whether the screen changed.
    @discardableResult
    public func receiveDecodes(uploadBudget: Int?) throws -> Bool {
        let pages = try store.receive(uploadBudget: uploadBudget)
        let rows = try thumbnails.receive(
            renderer: renderer, uploadBudget: uploadBudget.map { $0 * ThumbnailStore.uploadsPerPage })
        let detail = try drawing.zoomDetail.receive(renderer: renderer)
        // A finished action may have changed the photos shown: they are examined again (a decode if they changed).
        let acted = takeFinishedActions()
        if pages || rows || detail || acted { needsRedraw = true }
        // A page's frames just arrived: its animation starts now.
        if pages { updateAnimation(at: now) }
        return pages || rows || detail || acted
    }

    /// Whether another frame must follow without waiting for input: an animation, an upload, the spinner turning,
    /// or the information fading.
    public var needsFrame: Bool {
        model.isMoving(at: now) || store.hasPendingUploads || thumbnails.hasPendingUploads || spinnerIsVisible
            || photoIsFadingIn || drawing.grid.flight != nil || model.infoIsFading(at: now)
    }

    /// Whether a photo on screen is still fading in over its placeholder.
    private var photoIsFadingIn: Bool { shownPresenter.isFadingIn(at: now) }

    /// When something is due on the caller's clock with nothing animating meanwhile (the simulated feed's answer,
    /// the next slide, the next frame of the animated photo on screen, the information starting to fade, a touchpad
    /// stream ending, a typed digit's wait, a file written a moment ago read again), so an idle window can sleep until
    /// then.
    public var nextWakeTime: Double? {
        [
            feedSource.dueTime, model.slideshow.nextAdvanceTime(), model.infoFadeStart(after: now),
            model.touchpadReleaseTime, model.countDeadline, model.animationWakeTime,
            upkeep.settling.values.map(\.nextCheck).min(),
        ].compactMap { $0 }.min()
    }

    /// Decodes requested and not back yet (pages and thumbnails).
    public var pendingDecodes: Int {
        store.pendingCount + thumbnails.pendingCount + (drawing.zoomDetail.isPending ? 1 : 0)
    }

    /// Records the CPU time of the frame just drawn, for the information panel.
    public func noteFrameTime(milliseconds: Double) {
        drawing.lastFrameMilliseconds = milliseconds
    }
}
