import Support

/// The keys that act on the photo's file: Delete moves it to the Trash, Ctrl+Z restores it, Ctrl+C copies its path,
/// Ctrl+O opens it in the desktop's application. The adapter does the file work off the main thread.
extension GalleryModel {
    /// What Delete and Ctrl+Z say in the feed, which refuses them.
    public static let feedRefusesTrash =
        "feed: Delete and Ctrl+Z work in the other modes (the feed's pages are its own)"
    /// What x and y say in the feed.
    public static let feedRefusesCulling = "feed: x and y work in the other modes (the feed's pages are its own)"
    /// What x says when it would move every photo.
    public static let lastPhotosStay = "x: a move would leave no photo to show: not moved"
    /// What Ctrl+S says outside a pager (the grid's and the wheel's rows are never turned).
    public static let saveTurnInPager = "Ctrl+S saves a photo's turn where it is shown turned (< > | _)"
    /// What Ctrl+S says when the photo is not turned.
    public static let nothingToSave = "Ctrl+S: the photo is not turned (< > | _ turn it): nothing to save"
    /// What Delete says when one photo is left.
    public static let lastPhotoStays = "Delete: the last photo stays (nothing would be left to show)"

    /// Carries out a file key: Delete and Ctrl+Z act on the current photo only (not the marked ones); the feed, whose
    /// pages its source appends, refused them (`PagerScreen`); Delete leaves the last photo.
    mutating func performFileCommand(_ command: GalleryCommand, at time: Double) -> [GalleryEffect] {
        guard photoCount > 0 else { return [] }
        // The photo queued key presses are heading for, as marks and actions take it; the grid's selection.
        let current = targetPhoto
        switch command {
        case .trash where photoCount == 1:
            showNotice(Self.lastPhotoStays, at: time)
            return []
        case .trash: return [.trash(current)]
        case .undoTrash: return [.undoTrash]
        case .moveTo(let folder), .copyTo(let folder):
            let photos = marks.count > 0 ? marks.inOrder : [current]
            let removing = command == .moveTo(folder)
            if removing, photos.count >= photoCount {
                showNotice(Self.lastPhotosStay, at: time)
                return []
            }
            return [.placeFiles(photos, folder: folder, removing: removing)]
        case .saveTurn where !screen.showsPhotoView:
            showNotice(Self.saveTurnInPager, at: time)
            return []
        case .saveTurn where orientation(of: current) == .upright:
            showNotice(Self.nothingToSave, at: time)
            return []
        case .saveTurn: return [.saveTurn(current, turn: orientation(of: current))]
        case .copyPath: return [.copyPath(current)]
        case .openWith: return [.openWith(current)]
        default: return []
        }
    }

    /// Marks `photo` again: a photo Ctrl+Z put back was marked when Delete moved it (its mark left with it).
    mutating func restoreMark(of photo: PhotoID) {
        guard photo.rawValue < photoCount, !marks.contains(photo) else { return }
        marks.toggle(photo)
    }
}
