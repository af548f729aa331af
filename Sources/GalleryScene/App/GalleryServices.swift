import GalleryCore
import Support

/// What the controller works with in the world besides its canvas and decode workers, handed to its `init` whole: the
/// user's actions, the clipboard, the culling folders, how to list the photos again, the shown folder's watch, the
/// thumbnail cache's protection, the decoder sandbox's report and the loop's wake-up.
@MainActor
public struct GalleryServices {
    /// Runs the user's actions (`--actionN`); nil: Ctrl+1 … 9 say that none was given.
    public var actions: ActionRunner?
    /// The window system's clipboard (Ctrl+C); nil without a window.
    public var clipboard: (any ClipboardService)?
    /// The folders `x` moves photos into (`--move-to`, in order: `2 x` is the second).
    public var moveFolders: [String] = []
    /// The folders `y` copies photos into (`--copy-to`).
    public var copyFolders: [String] = []
    /// Lists the photos again for `r` and the order key, as they were first listed but in the order given (run on a
    /// thread of its own); nil: they do nothing (generated pages, a feed).
    public var relist: (@Sendable (PhotoSort) throws -> PageLibrary)?
    /// The order the photos were listed in (`--sort`).
    public var sort = PhotoSort.name
    /// Wakes the window's loop from another thread (a listing done, a file moved).
    public var wake: @Sendable () -> Void = {}
    /// Watches the folder of the photo on screen, so a change to its file shows at once (nil: no live reload).
    public var shownFolderWatch: ShownFolderWatch?
    /// Told the folders of the photos a feed appends, as they arrive, so nothing is written into them (the thumbnail
    /// cache protects them before its next write). Called on the main actor; does no file I/O itself.
    public var protectFolders: (Set<String>) -> Void = { _ in }
    /// The decoder processes' sandbox layers the panel lists, or nil: photos decode in the viewer's threads.
    package var decoderSandbox: DecoderSandboxStatus?
    /// Reads a photo's details for the information panel, off the main thread (nil: the viewer's own reader).
    public var readDetails: (@Sendable (String) -> PhotoDetails?)?
    /// Finds a file's EXIF orientation tag for Ctrl+S (nil: the viewer's own walk, `TurnSaving.inProcess`).
    public var locateOrientationTag: TurnSaving.Locate?

    /// No services: no actions, clipboard, folders, listing, watch or wake-up.
    public init() {}
}
