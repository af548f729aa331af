import GalleryCore
import Imaging
import Support

/// What a page store says of its pictures besides their pixels: why a damaged file's page shows only what decoded, why
/// an animated page shows its first frame only, and which damaged files were already logged (each once a run).
struct PageNotes {
    /// Each damaged page's note.
    private(set) var damage: [PhotoID: String] = [:]
    /// Why each animated page shows its first frame only.
    private(set) var animation: [PhotoID: String] = [:]
    /// The damaged files logged so far: kept through a reset, so a file is logged once.
    private var loggedDamage: Set<PageSource> = []

    /// `picture` arrived for `photo` from `source`: its notes replace the page's. Returns the damage note to log, the
    /// first time this file's damage is seen.
    mutating func record(_ picture: DecodedPicture, photo: PhotoID, source: PageSource) -> String? {
        damage[photo] = picture.damageNote
        animation[photo] = picture.animationNote
        guard let note = picture.damageNote, loggedDamage.insert(source).inserted else { return nil }
        return note
    }

    /// `photo`'s decode failed: it has no picture to say anything of.
    mutating func forget(_ photo: PhotoID) {
        damage[photo] = nil
        animation[photo] = nil
    }

    /// Every page's notes go; the files logged stay logged.
    mutating func removeAll() {
        damage.removeAll()
        animation.removeAll()
    }

    /// Each page's notes under its new number (`renumbered`: nil for a photo gone).
    mutating func renumber(_ renumbered: (PhotoID) -> PhotoID?) {
        damage = damage.renumbered(renumbered)
        animation = animation.renumbered(renumbered)
    }
}
