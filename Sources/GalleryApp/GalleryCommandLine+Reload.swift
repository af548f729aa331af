import Gallery
import GalleryCore
import GalleryScene

extension GalleryCommandLine {
    /// What `r` and the order key list again: the paths given, as at start, in full order (the order given, reversed
    /// with `--reverse`); a single file named and gone since, its folder (`PhotoIndex.relisting`). Nil for generated
    /// pages and a feed (whose photos arrive by themselves).
    var relist: (@Sendable (PhotoSort) throws -> PageLibrary)? {
        guard synthetic == nil, !feedGiven else { return nil }
        let command = self
        return { sort in
            PageLibrary(
                photos: try PhotoIndex.relisting(
                    paths: try command.photoPaths(), recursive: command.recursive, sort: sort,
                    reverse: command.reverse, rawPairs: command.rawPairs))
        }
    }
}
