import Glibc
import Support

/// One listing of a folder's image files (and, if `recursive`, of its subfolders that are not links) for a
/// `PhotoIndex`: names only, unsorted, with the count of entries examined and the folders found on the way.
struct FolderScan {
    /// Whether subfolders are listed too; never through links to folders, so symlink loops cannot occur.
    let recursive: Bool
    /// Which file of each RAW + JPEG pair is kept.
    let rawPairs: RawPairs
    /// The entries examined so far, in every folder listed: for the message when none is a photo.
    private(set) var examined = 0
    /// One of the listed paths for each folder that has any: what the folders are known by.
    private(set) var folderNames: [String] = []

    /// A scan that has listed nothing yet.
    init(recursive: Bool, rawPairs: RawPairs) {
        self.recursive = recursive
        self.rawPairs = rawPairs
    }

    /// The image files of `folder` (and, if `recursive`, of its subfolders that are not links), unsorted, as paths
    /// relative to `folder` (what they are sorted by; `prefix` + relative path opens them). Only names, most of them
    /// short enough to be stored inline, so listing 100,000 photos allocates little. Each name's extension is read
    /// once, and says whether it is a photo's and a RAW's: RAW + JPEG pairing looks at the names only when there is a
    /// RAW. The first photo of each folder is added to `folderNames`, so the folders are known without another pass.
    mutating func imageFiles(
        inFolder folder: String, prefix: String, relativeTo base: String = ""
    ) throws(PhotoIndexError) -> [String] {
        var found: [String] = []
        var rawIndices: [Int] = []
        var subfolders: [String] = []
        do {
            try FileSystem.forEachEntry(inDirectory: folder) { bytes, reported in
                examined += 1
                // Hidden names, and files whose extension is plainly another kind's, are skipped by their bytes alone.
                let packed = PhotoIndex.packedExtension(bytes)
                let named = packed.map(PhotoIndex.packedImageExtensions.contains) ?? false
                let other = !named && PhotoIndex.hasOtherExtension(bytes)
                let isRaw = named && packed.map(RawPairs.isRaw(packedExtension:)) == true
                guard bytes.first != UInt8(ascii: "."), reported != .regular || !other else { return }
                // A name that is not valid UTF-8 keeps its bytes (`PathBytes`): a repaired one would name another file.
                let name =
                    (bytes.contains(0xF4) ? nil : Self.validUTF8Name(bytes)) ?? PathBytes.string(fromBytes: bytes)
                if reported == .regular {
                    // A name that does not say is a photo when its first bytes are one's (PhotoIndex+Content).
                    guard named || PhotoIndex.hasPhotoContent(atPath: prefix + name) else { return }
                    if isRaw { rawIndices.append(found.count) }
                    found.append(base.isEmpty ? name : base + name)
                    return
                }
                // Links and unknown types are examined, following links. An entry that cannot be examined (a link
                // loop, no permission) is skipped like a broken link.
                let path = prefix + name
                let kind = reported ?? (try? FileSystem.kind(atPath: path))
                if kind == .directory {
                    if recursive, reported == .directory || !FileSystem.isSymbolicLink(atPath: path) {
                        subfolders.append(name)
                    }
                } else if kind == .regular, named || (!other && PhotoIndex.hasPhotoContent(atPath: path)) {
                    if isRaw { rawIndices.append(found.count) }
                    found.append(base + name)
                }
            }
        } catch {
            throw .unreadable(path: folder, reason: error.reason)
        }
        found = rawPairs.filter(found, rawAt: rawIndices)
        if let first = found.first { folderNames.append(first) }
        for name in subfolders {
            // An unreadable subfolder is skipped: the folder named on the command line was readable.
            if let nested = try? imageFiles(
                inFolder: prefix + name, prefix: prefix + name + "/", relativeTo: base + name + "/")
            {
                found += nested
            }
        }
        return found
    }

    /// The name whose UTF-8 bytes are `bytes`, or nil if they are not valid UTF-8. Decoded and compared with `memcmp`
    /// rather than `String(validating:as:)`, which is not specialised here and looked up generic metadata on every
    /// call (8 % of listing 100,000 names), or `elementsEqual` over the view (9 %).
    private static func validUTF8Name(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var name = String(decoding: bytes, as: UTF8.self)
        let isExact = name.withUTF8 { decoded in
            decoded.count == bytes.count
                && (bytes.isEmpty || memcmp(decoded.baseAddress!, bytes.baseAddress!, bytes.count) == 0)
        }
        return isExact ? name : nil
    }
}
