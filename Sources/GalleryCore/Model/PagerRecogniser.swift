/// The claimants of a pointer gesture on a pager screen (the pager modes and the wheel), in the order the gesture
/// arena asks them (`GalleryModel+Gestures`): the first that takes a phase ends the asking. The tap watches every
/// gesture alongside them.
enum PagerRecogniser: CaseIterable {
    /// The drag down to the grid (`DismissDrag`), once its first movement went mostly down.
    case dragDown
    /// The zoomed photo's pan, handing the rest over to the page drag at the photo's edge.
    case zoomPan
    /// The pager's own page drag: it takes whatever the others left.
    case pageDrag
}
