import GalleryCore

/// The pager's photos fading in, held by reference so that the pager's presenter, asked through `ScreenPresenter`
/// as a value, notes and drops fades in place.
@MainActor
final class FadeInsRecord {
    /// The fades: dropped when done by the frame step, noted before painting.
    var fades = FadeIns()
}
