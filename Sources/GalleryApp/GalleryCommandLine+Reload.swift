import Gallery
import GalleryCore

extension GalleryCommandLine {
    /// What `r` lists again: the paths given, as at start, in full order; nil for generated pages and a feed (whose
    /// photos arrive by themselves).
    var relist: (@Sendable () throws -> PageLibrary)? {
        guard synthetic == nil, !feedGiven else { return nil }
        let command = self
        return {
            PageLibrary(
                photos: try PhotoIndex(
                    paths: try command.photoPaths(), recursive: command.recursive, sort: command.sort,
                    rawPairs: command.rawPairs))
        }
    }
}
