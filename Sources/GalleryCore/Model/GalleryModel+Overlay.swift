import PagerEngine

/// What the model shows over the photos: the page information and its fade, the overlay state, the status bar's
/// line, the typed number's prompt, the dots, the window title and the panel's size lines.
extension GalleryModel {
    /// Shows the page information, which fades after a moment.
    mutating func showInfo(at time: Double) {
        overlays.infoShownAt = time
    }

    /// Says `text` once, after the page information and fading with it: a failure the user should see, or what a
    /// change of the library did.
    mutating func showNotice(_ text: String, at time: Double) {
        overlays.infoShownAt = time
        overlays.notice = text
    }

    /// Moves the information's fade to `time`; returns whether the screen changes (fading, or just gone).
    @discardableResult
    mutating func advanceInfo(to time: Double) -> Bool {
        guard let shown = overlays.infoShownAt else { return false }
        if InfoFade.isFading(after: time - shown) { return true }
        guard time - shown >= InfoFade.hold + InfoFade.fade else { return false }
        overlays.infoShownAt = nil
        overlays.notice = nil
        return true  // One more frame, without it.
    }

    /// Whether the information is fading at `now` (frames must follow).
    public func infoIsFading(at now: Double) -> Bool {
        overlays.infoShownAt.map { InfoFade.isFading(after: now - $0) } ?? false
    }

    /// When the information starts to fade, if that is after `now` (an idle window sleeps until then).
    public func infoFadeStart(after now: Double) -> Double? {
        overlays.infoShownAt.map { $0 + InfoFade.hold }.flatMap { $0 > now ? $0 : nil }
    }

    /// What the overlays show at `now`, the current photo being `name` (in compare the right-hand one being
    /// `comparedName`), with the panel's `panelLines` when it shows, and the photo's own `size` and `zoomPercent` for
    /// the status bar when it shows (nil when not known).
    public func overlay(
        name: String, now: Double, panelLines: @autoclosure () -> [String],
        photo: @autoclosure () -> (size: (width: Int, height: Int)?, zoomPercent: Int?) = (nil, nil),
        comparedName: String = ""
    ) -> OverlayState {
        let page = currentPage.rawValue
        var info =
            showsFeedEnd
            ? "\(feedEndLabel) · \(mode.displayName)"
            : compareLabel(leftName: name, rightName: comparedName)
                ?? "\(page + 1) / \(pageCount) — \(name) · \(mode.displayName)"
        if slideshow.isRunning { info += " · slideshow \(Self.seconds(slideshow.interval))" }
        if !showsFeedEnd, let marked = markText { info += " · " + marked }
        if let notice = overlays.notice { info += " · " + notice }
        var opacity = overlays.infoShownAt.map { InfoFade.opacity(after: now - $0) } ?? 0
        if let prompt = countPrompt {
            info = prompt
            opacity = 1
        }
        var state = OverlayState(
            info: info, infoOpacity: opacity,
            // On the feed's end page no photo's dot is lit (the strip rests past the last one).
            dots: dotsShown
                ? OverlayState.Dots(count: pageCount, current: showsFeedEnd ? pageCount : page) : nil,
            panel: overlays.showsInfoPanel ? panelLines() : nil,
            help: overlays.showsHelp ? overlays.keyHelpLines + [""] + GestureMap.helpLines : nil,
            status: overlays.showsStatusBar
                ? statusLine(name: compareNames(leftName: name, rightName: comparedName) ?? name, photo: photo()).text
                : nil)
        state.helpScroll = overlays.helpScroll
        return state
    }

    /// The status bar's line for the current photo `name` with its own size and zoom.
    public func statusLine(name: String, photo: (size: (width: Int, height: Int)?, zoomPercent: Int?)) -> StatusLine {
        if showsFeedEnd {
            return StatusLine(
                index: pageCount + 1, count: pageCount, name: feedEndLabel, size: nil, zoomPercent: nil,
                mode: mode)
        }
        return StatusLine(
            index: currentPage.rawValue + 1, count: pageCount, name: name, size: photo.size,
            zoomPercent: photo.zoomPercent, mode: mode, marks: marks.count > 0 ? marks.count : nil,
            view: viewLabel)
    }

    /// How the view of the current photo differs from the stored photo and from plain page turns ("turned 90°,
    /// mirrored, zoom kept"), for the status bar and the information panel; nil when it does not.
    public var viewLabel: String? {
        guard screen.showsPhotoView else { return nil }
        let labels = [orientation(of: currentPhoto).label, views.keepsZoom ? "zoom kept" : nil]
        let label = labels.compactMap { $0 }.joined(separator: ", ")
        return label.isEmpty ? nil : label
    }

    /// The number being typed, as the label shows it while it is typed: "12… — g, G or Enter: photo 12".
    public var countPrompt: String? {
        guard let typed = countPrefix.value else { return nil }
        return "\(typed)… — g, G or Enter: photo \(min(max(typed, 1), max(pageCount, 1)))"
    }

    /// Page dots show for galleries up to 20 pages, one per logical page, in the pager modes (not the wheel, the grid).
    public var dotsShown: Bool {
        guard screen.hasPageDots else { return false }
        return pageCount <= Self.maxDots && pageCount > 1
    }

    /// The window title: `i / N — file name`, the current photo being `name`.
    public func title(name: String) -> String {
        showsFeedEnd ? feedEndLabel : "\(currentPage.rawValue + 1) / \(pageCount) — \(name)"
    }

    /// The information panel's size lines: the photo's own `image` pixels, and the size drawn at `scale` (relative
    /// to the `fitted` size) with the zoom as a share of the photo's own pixels.
    public static func sizeLines(image: (width: Int, height: Int), fitted: (width: Int, height: Int), scale: Double)
        -> [String]
    {
        // Both sides from the photo's own at the zoom's share of them: the fitted height is rounded to whole pixels
        // (688 for 16000×12000 fitted 917 wide), so scaling it back up would say 12004 at 100 %.
        let share = Double(fitted.width) * scale / Double(max(image.width, 1))
        let width = Int((Double(image.width) * share).rounded())
        let height = Int((Double(image.height) * share).rounded())
        let percent = Int((share * 100).rounded())
        return [
            "photo     \(image.width)×\(image.height) px",
            "shown     \(width)×\(height) · zoom \(percent) %",
        ]
    }

    /// "5 s", or "2.5 s".
    public static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(decimal(value)) s"
    }

    /// One decimal: "2.5".
    public static func decimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(abs(tenths % 10))"
    }

    /// Lists in the help, after the standard keys, each key the configuration file binds otherwise: the keys are
    /// handed to the input's edge (`GalleryKey`), the model only says what they do.
    mutating func setKeyBindings(_ bindings: KeyBindings) {
        let changes = bindings.changes
        guard !changes.isEmpty else {
            overlays.keyHelpLines = KeyMap.helpLines
            return
        }
        let width = changes.map(\.key.name.count).max() ?? 0
        overlays.keyHelpLines =
            KeyMap.helpLines + ["", "Changed by the configuration file:"]
            + changes.map { change in
                change.key.name + String(repeating: " ", count: width - change.key.name.count + 3)
                    + (change.command?.configName ?? "nothing (unbound)")
            }
    }
}
