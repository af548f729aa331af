import PagerEngine
import Support

/// What only the adapter knows, handed to the model each frame and with each input that may read it
/// (`GalleryModel.facts`): how the decoded photos at the centre fit the window, and where the last frame drew what a
/// click can hit. The model decides from these; it never asks the adapter back.
public struct FrameFacts: Sendable {
    /// A decoded photo's zoom at fit, measured on the photo as turned, in the page box without and with the status
    /// bar.
    public struct Fit: Equatable, Sendable {
        /// The fit with the status bar hidden.
        public var bare: PhotoZoom
        /// The fit above the status bar.
        public var withStatusBar: PhotoZoom

        /// A fit in both page boxes.
        public init(bare: PhotoZoom, withStatusBar: PhotoZoom) {
            self.bare = bare
            self.withStatusBar = withStatusBar
        }
    }

    /// The fits of the decoded photos at the centre, by photo; a photo not decoded yet, or failed, has none.
    public var fits: [PhotoID: Fit]
    /// Where the last frame drew its overlays and wheel rows: what clicks are tested against.
    public var layout: SceneLayout?
    /// How many lines the help can scroll in this window while it shows (nil: it does not show).
    public var helpMaxScroll: Int?
    /// The compared photos' own pixels as drawn, by photo, once decoded (the compare screen's zoom is measured on them).
    public var pictures: [PhotoID: ComparedPicture]

    /// Facts as given; none by default (nothing decoded, nothing drawn yet).
    public init(
        fits: [PhotoID: Fit] = [:], layout: SceneLayout? = nil, helpMaxScroll: Int? = nil,
        pictures: [PhotoID: ComparedPicture] = [:]
    ) {
        self.fits = fits
        self.layout = layout
        self.helpMaxScroll = helpMaxScroll
        self.pictures = pictures
    }
}
