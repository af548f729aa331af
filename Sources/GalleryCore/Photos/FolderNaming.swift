/// How the next- and previous-folder keys name a folder: from the innermost folder that holds every photo, keeping
/// that folder's own name ("holiday/day2" in a gallery of `~/shoots/holiday`'s day folders, "holiday" when it is the
/// one folder); the whole path when the photos have no folder in common but the root.
struct FolderNaming {
    /// The innermost folder holding every folder included, as their paths name it; empty when none but the root does.
    var ancestor: Substring {
        common ?? ""
    }
    private var common: Substring?

    /// A naming of no folder yet.
    init() {}

    /// The naming for a gallery of photos in `folders` (nil: a page with no file, which holds nothing).
    init(folders: some Sequence<Substring?>) {
        for case let folder? in folders { include(folder) }
    }

    /// Takes `folder` in: the common folder becomes the one holding it too.
    mutating func include(_ folder: Substring) {
        // Most photos are in the folder of the one before them.
        if let common, FolderJump.same(common, folder) { return }
        common = common.map { Self.commonAncestor($0, folder) } ?? folder
    }

    /// What the information line calls `folder`: its path from the common folder's own name on.
    func name(of folder: Substring) -> String {
        guard ancestor.utf8.contains(where: { $0 != UInt8(ascii: "/") }) else { return String(folder) }
        // The common folder's last component begins after its last slash.
        let from =
            ancestor.utf8.lastIndex(of: UInt8(ascii: "/")).map { ancestor.utf8.index(after: $0) }
            ?? ancestor.startIndex
        let offset = ancestor.utf8.distance(from: ancestor.startIndex, to: from)
        let start = folder.utf8.index(folder.startIndex, offsetBy: offset)
        return String(folder[start...])
    }

    /// The innermost folder holding both `a` and `b` (each a folder, named by its path): their longest common run of
    /// whole components; empty when they share none.
    static func commonAncestor(_ a: Substring, _ b: Substring) -> Substring {
        let slash = UInt8(ascii: "/")
        var indexA = a.utf8.startIndex
        var indexB = b.utf8.startIndex
        var lastSlash: Substring.Index?
        while indexA != a.utf8.endIndex, indexB != b.utf8.endIndex, a.utf8[indexA] == b.utf8[indexB] {
            if a.utf8[indexA] == slash { lastSlash = indexA }
            a.utf8.formIndex(after: &indexA)
            b.utf8.formIndex(after: &indexB)
        }
        let endsA = indexA == a.utf8.endIndex || a.utf8[indexA] == slash
        let endsB = indexB == b.utf8.endIndex || b.utf8[indexB] == slash
        if endsA, endsB { return a[..<indexA] }
        guard let lastSlash else { return "" }
        // "/a" and "/b" share the root only.
        return lastSlash == a.startIndex ? a[...lastSlash] : a[..<lastSlash]
    }
}
