import Support

/// What a command means on the wheel (`WheelScreen.response(to:)`), for the gallery to carry out.
enum WheelResponse: Equatable, Sendable {
    /// Open `photo` in the pager mode the wheel came from.
    case open(PhotoID)
    /// Flip which way the arc bulges.
    case flip
    /// Step the rows as this command does (`.next` or `.previous`).
    case step(GalleryCommand)
}
