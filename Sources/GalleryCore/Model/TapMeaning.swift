/// What a click on a photo means (`GalleryModel.tapMeaning`): a page turn from a side third, or a double-click's
/// zoom to 100 % and back at a point.
public enum TapMeaning: Equatable, Sendable {
    /// Turn the page (`.previous` or `.next`).
    case turn(GalleryCommand)
    /// The second click of a double-click in the middle third, at (x, y).
    case toggleActualSize(x: Double, y: Double)
}
