import GalleryCore
import Imaging
import PagerEngine
import Support

/// Painting the model, the window's title and the trace record: what one frame shows.
extension GalleryController {
    /// Makes the overlay's textures the next frame draws (the status bar's texts, their fonts opened), drawing
    /// nothing: a window calls it while it waits for its first photo, so the frame that shows the photo does not also
    /// open and rasterise the fonts.
    public func prepareOverlay() throws {
        let overlay = overlayState
        try drawing.overlays.prepare(overlay, layout: sceneLayout(overlay), renderer: renderer)
    }

    /// Draws the frame (the caller presents it).
    public func render() throws {
        needsRedraw = false
        let overlay = overlayState
        let layout = sceneLayout(overlay)
        // What the user sees is what clicks are tested against, until the next frame.
        drawing.drawnLayout = layout
        // Textures are made before painting, from the same inputs: painting only draws.
        try drawing.overlays.prepare(overlay, layout: layout, renderer: renderer)
        try shownPresenter.paint(with: drawing, scale: scale, in: frameContext) { try uploadAnimationFrame($0) }
        try drawing.overlays.paint(overlay, layout: layout, renderer: renderer)
    }

    /// Where `overlay` and the wheel's rows go in this frame: what the painters draw and clicks are tested against.
    func sceneLayout(_ overlay: OverlayState) -> SceneLayout {
        shownPresenter.sceneLayout(
            width: Int(model.viewport.width), height: Int(model.viewport.height), scale: scale, overlay: overlay,
            reserved: model.overlays.showsStatusBar ? SceneLayout.statusBarHeight(scale: scale) : 0, in: frameContext)
    }

    /// The presenter of the screen shown.
    var shownPresenter: any ScreenPresenter { drawing.presenter(of: model.screen) }

    /// What the screens' presenters draw with and ask decodes of, now.
    var frameContext: FrameContext {
        FrameContext(
            model: model, library: library, renderer: renderer, store: store, thumbnails: thumbnails,
            photoBox: photoBox, thumbnailBytes: PageBudget.thumbnailShare(of: budget.bytes))
    }

    /// What the overlays show now.
    var overlayState: OverlayState {
        let frame = frameContext, presenter = shownPresenter
        var state = model.overlay(
            name: shownName, now: now, panelLines: infoPanelLines,
            photo: presenter.statusFacts(in: frame) ?? photoFacts, comparedName: presenter.secondName(in: frame))
        state.warning = services.decoderSandbox?.notice
        return state
    }

    /// The information panel (I): the model's state and what only this side knows (textures, the renderer).
    private var infoPanelLines: [String] {
        let page = model.currentPage
        let photo = model.currentPhoto
        let slideshow = model.slideshow
        var lines =
            [
                "mode      \(mode.panelName)",
                "page      \(page.rawValue + 1) / \(model.pageCount)",
                "file      \(shownName)",
            ] + zoomPanelLines + detailsPanelLines
        lines += [
            "phase     \(model.phase.rawValue)",
            "velocity  \(Int(shownPresenter.motion(in: frameContext).velocity.rounded())) px/s",
            "frame     \(GalleryModel.decimal(drawing.lastFrameMilliseconds)) ms · \(renderer.name) renderer",
            "textures  \(store.textureCount + thumbnails.count) · \((store.textureBytes + thumbnails.byteCount) / 1024) KiB",
            "slideshow \(slideshow.isRunning ? "every \(GalleryModel.seconds(slideshow.interval))" : "off")",
            "marked    \(model.marks.count)\(model.marks.contains(photo) ? " · this one" : "")",
        ]
        if let feed = model.shownFeedState { lines.append("feed      \(feed.traceName)") }
        if let line = model.animationPanelLine { lines.append(line) }
        if let note = store.decodes.notes.animation[photo] { lines.append("animation \(note)") }
        if let sandbox = services.decoderSandbox {
            let layers = sandbox.lines(wake: services.wake) ?? ["asking a decoder…"]
            lines += layers.map { "sandbox   \($0)" }
        }
        return lines
    }

    /// The current photo's details (date taken, camera, exposure, place, file size) once read; asking starts the read,
    /// so only photos shown with the panel open are read.
    private var detailsPanelLines: [String] {
        let photo = model.currentPhoto
        guard photo.rawValue < library.count, case .file(let path) = library.source(forPhoto: photo) else { return [] }
        switch runners.photoDetails.details(forPath: path, done: services.wake) {
        case nil: return ["details   reading…"]
        case .some(nil): return []
        case .some(let details?): return details.panelLines
        }
    }

    /// Waits until the details of the photo shown are read, when the panel shows (headless runs and tests, which
    /// follow a virtual clock): the frame drawn next shows them.
    public func waitForDetails() {
        guard model.overlays.showsInfoPanel else { return }
        _ = detailsPanelLines
        runners.photoDetails.waitForReads()
        services.decoderSandbox?.waitForAnswer()
        if runners.photoDetails.takeArrivals() { needsRedraw = true }
        if services.decoderSandbox?.takeArrival() == true { needsRedraw = true }
    }

    /// The window title: `i / N — file name`.
    public var title: String { model.title(name: shownName) }

    /// The current photo's name; none before the first photo (an empty watched folder shows the spinner page).
    var shownName: String {
        let photo = model.currentPhoto
        return photo.rawValue < library.count ? library.name(forPhoto: photo) : ""
    }

    /// The files of the marked photos, in gallery order (synthetic pages have none), for `--output-marked`: without
    /// the files that cannot be shown, found so (not dropped yet) or never tried (`M` marks photos never decoded).
    public var markedPaths: [String] {
        model.marks.inOrder.compactMap { photo in
            guard photo.rawValue < library.count, case .file(let path) = library.source(forPhoto: photo),
                upkeep.unshowable[path] == nil, store.decodes.statedSizes[photo] != nil || Self.looksShowable(path)
            else { return nil }
            return path
        }
    }

    /// Whether the file at `path` is a non-empty regular file whose signature (its first 16 bytes: all the viewer reads
    /// of a photo) names a format decoded here, read at quit for marked photos never decoded.
    nonisolated static func looksShowable(_ path: String) -> Bool {
        guard let file = try? ImageFile(path: path) else { return false }
        let fileExtension = path.split(separator: "/").last?.split(separator: ".").last.map { $0.lowercased() } ?? ""
        return ImageHeader.sniffedFormat(signature: file.signature(), fileExtension: fileExtension) != nil
    }

    /// Whether a quit was asked for (Q, Escape from the plain pager, a script's quit).
    public var quitRequested: Bool { model.window.quitRequested }

    /// Takes the fullscreen toggles asked for since the last call (F, F11, a double-click): odd means toggle.
    public func takeFullscreenToggle() -> Bool {
        defer { fullscreenToggles = 0 }
        return fullscreenToggles % 2 == 1
    }

    /// The window was hidden or minimised (`true`) or shown again: the slideshow and the animation pause while nobody
    /// can see them.
    public func setHidden(_ hidden: Bool, at time: Double) {
        report(.windowHidden(hidden), at: time)
        if !hidden { needsRedraw = true }
    }

    /// What happened since the last call.
    public func takeEvents() -> [GalleryEvent] {
        defer { events.removeAll() }
        return events
    }

    /// The wheel's row thumbnails, which the trace counts with the page textures; a far jump's stand-in thumbnail in
    /// the pagers is not a page texture (docs/FORMATS.md): three surfaces still hold three.
    private var wheelThumbnails: (count: Int, bytes: Int) {
        shownPresenter.showsThumbnailsOnly ? (thumbnails.count, thumbnails.byteCount) : (0, 0)
    }

    /// The trace record of the frame just drawn, with `events`, which it names.
    public func traceRecord(time: Double, frameMilliseconds: Double, events: [GalleryEvent]) -> TraceRecord {
        let motion = shownPresenter.motion(in: frameContext)
        return TraceRecord(
            t: time, mode: mode, page: model.currentPage.rawValue, position: model.tracePosition,
            phase: model.phase.rawValue, slots: motion.slots, textures: store.textureCount + wheelThumbnails.count,
            textureBytes: store.textureBytes + wheelThumbnails.bytes + drawing.zoomDetail.byteCount,
            decodedBytes: store.decodedBytes, frameMilliseconds: frameMilliseconds,
            pages: model.pageCount, velocity: motion.velocity, offsetPixels: motion.offsetPixels,
            decoded: store.decodedCount,
            pending: pendingDecodes, events: events.map(\.traceName), uploads: store.decodes.uploads,
            zoom: shownZoom?.zoom.scale ?? 1,
            panX: shownZoom?.zoom.panX ?? 0, panY: shownZoom?.zoom.panY ?? 0,
            feedState: model.shownFeedState?.traceName, row: motion.row,
            animationFrame: model.views.animation?.frame(at: now), animationShown: shownAnimationFrameIndex)
    }
}
