import GalleryCore
import GalleryScene
import Imaging
import Support

/// Makes the window's galleries: the first one, and one again for each set of files dropped onto the window, all
/// over the same window, renderer, workers, clipboard and feed.
@MainActor
struct WindowGalleryFactory {
    /// The run's options (preferences, actions, the `x` and `y` folders).
    let options: WindowRun
    /// The window the galleries draw in.
    let window: Window
    /// Draws into `window`.
    let renderer: Renderer
    /// The workers and decoder every gallery shares.
    let assembly: GalleryAssembly
    /// Makes the feed's source, when the photos are a feed (each gallery gets a source of its own).
    let feedSource: FeedSourceFactory?
    /// The window's clipboard, one for the run.
    let clipboard: any ClipboardService
    /// The desktop's scale for the window (`DesktopSettings`).
    let desktopScale: Double
    /// Wakes the loop from another thread: a feed's answer, an action's end, a listing, a file moved.
    let wake: @Sendable () -> Void

    /// A gallery over `library`, starting on `startPage` in `mode`, listed in `sort`; `headStart` and
    /// `thumbnailHeadStart` are the start's decodes already submitted, `remembered` the views `--remember` read.
    func make(
        library: PageLibrary, mode: GalleryMode, startPage: Int, sort: PhotoSort, headStart: DecodeRequest? = nil,
        thumbnailHeadStart: [DecodeRequest] = [], relist: (@Sendable (PhotoSort) throws -> PageLibrary)?,
        remembered: [PhotoID: RememberedView] = [:]
    ) throws -> GalleryController {
        let source = try feedSource?.make(wake)
        var preferences = ModelPreferences()
        preferences.keepsZoom = options.keepsZoom
        preferences.keyBindings = options.keyBindings
        if options.viewKeeping != nil { preferences.rememberedViews = remembered }
        // From the window, not the flag: a gallery made again for dropped files finds it as F left it.
        preferences.fullscreen = window.isFullscreen
        preferences.fitMode = options.fitMode
        var services = GalleryServices()
        if !options.actions.isEmpty { services.actions = ActionRunner(commands: options.actions, wake: wake) }
        services.relist = relist
        services.sort = sort
        services.wake = wake
        services.clipboard = clipboard
        services.shownFolderWatch = ShownFolderWatch(wake: wake)
        services.moveFolders = options.moveFolders
        services.copyFolders = options.copyFolders
        let gallery = try assembly.makeGallery(
            library: library, mode: mode, renderer: renderer, startPage: startPage, feedSource: source,
            headStart: headStart, thumbnailHeadStart: thumbnailHeadStart, preferences: preferences,
            services: services)
        gallery.scale = desktopScale
        return gallery
    }
}
