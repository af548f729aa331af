import Support

/// Where a next- or previous-folder key went (`FolderJump`), and what the information line says of it.
public enum FolderJumpOutcome: Equatable, Sendable {
    /// To the photo at `photo`, the first of a folder named `folder` holding `photos` photos, `inARow` of them there
    /// in a row.
    case reached(photo: Int, folder: String, photos: Int, inARow: Int)
    /// Nowhere: the photo shown is in the last folder (`forward`) or the first, and the order does not wrap.
    case noFurther(folder: String, forward: Bool)
    /// Nowhere: every photo is in `folder`.
    case oneFolder(folder: String, photos: Int)
    /// Nowhere: the pages are not files (generated pages).
    case noFolders

    /// What the information line says: "holiday/day2 — 14 photos" (", 3 in a row here" when the order parts them).
    public var notice: String {
        switch self {
        case .reached(_, let folder, let photos, let inARow):
            "\(folder) — \(Self.count(photos))" + (inARow < photos ? ", \(inARow) in a row here" : "")
        case .noFurther(let folder, let forward): "\(folder) is the \(forward ? "last" : "first") folder"
        case .oneFolder(let folder, let photos): "one folder: \(folder) — \(Self.count(photos))"
        case .noFolders: "no folders: these pages are generated"
        }
    }

    /// The report the adapter hands the model: go to the photo and say where, or only say why not.
    public var report: WorldReport {
        if case .reached(let photo, _, _, _) = self { return .folderReached(PhotoID(photo), note: notice) }
        return .notice(notice)
    }

    private static func count(_ photos: Int) -> String { photos == 1 ? "1 photo" : "\(photos) photos" }
}
