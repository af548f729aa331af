/// What a path names once symbolic links are followed, as far as the photo index cares.
package enum FileKind: Equatable, Sendable {
    /// A regular file (or a link to one).
    case regular
    /// A directory (or a link to one).
    case directory
    /// A FIFO, socket or device: never opened, since reading one can block forever.
    case special
    /// Nothing: the path or a link's target does not exist.
    case missing
}
