import Glibc

/// Photos recognised by their first bytes where the name does not say (an MPO, a JPEG named `.jpe` or `.jfif`, a PNG
/// named `.apng`, a photo with no extension), as feh and nsxiv list them. Only names with neither a photo's extension
/// nor an obvious other kind's are read, so a folder of JPEGs is listed without opening one file.
extension PhotoIndex {
    /// Extensions of files that are plainly not photos (sidecars, text, video, sound, archives, documents, code):
    /// never opened to look.
    static let otherExtensions: Set<String> = [
        "xmp", "pp3", "dop", "aae", "txt", "md", "json", "xml", "html", "htm", "pdf", "csv", "log", "ini", "cfg",
        "conf", "yaml", "yml", "toml", "db", "sqlite", "mp4", "mov", "avi", "mkv", "webm", "m4v", "mts", "m2ts", "3gp",
        "mp3", "wav", "flac", "aac", "ogg", "m4a", "opus", "zip", "gz", "tgz", "bz2", "xz", "zst", "7z", "rar", "tar",
        "iso", "exe", "dll", "so", "o", "a", "sh", "py", "swift", "c", "h", "js", "css", "doc", "docx", "xls", "xlsx",
        "ppt", "pptx", "odt", "ods", "odp", "rtf", "svg", "xcf", "psd", "kra", "ttf", "otf", "desktop", "url", "lnk",
        "part", "crdownload", "tmp", "bak", "swp", "nfo", "md5", "sha1", "sha256", "srt", "vtt", "cue", "m3u", "pls",
    ]

    /// `otherExtensions` packed as names' suffixes are.
    private static let packedOtherExtensions = Set(
        otherExtensions.compactMap { packedLowercase(Array($0.utf8)[...]) })

    /// Whether a name's UTF-8 bytes end in one of `otherExtensions`, ignoring case (no allocation).
    static func hasOtherExtension(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")), dot != 0, bytes.count - dot - 1 <= 8,
            let packed = packedLowercase(bytes[(dot + 1)...])
        else { return false }
        return packedOtherExtensions.contains(packed)
    }

    /// Whether the file at `path` starts like a photo format the gallery decodes; false when it cannot be read.
    static func hasPhotoContent(atPath path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var head = [UInt8](repeating: 0, count: 16)
        let count = head.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return false }
        return startsLikePhoto(Array(head.prefix(count)))
    }

    /// Whether `head`, a file's first bytes (up to 16), is a photo format's signature: JPEG (MPO and JFIF too), PNG
    /// (APNG too), GIF, BMP, WebP, TIFF (and the RAW formats built on it), QOI, PNM, HEIF/AVIF, JPEG XL.
    static func startsLikePhoto(_ head: [UInt8]) -> Bool {
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + prefix.count && Array(head[offset..<offset + prefix.count]) == prefix
        }
        let ascii = { (text: String) in Array(text.utf8) }
        if starts([0xFF, 0xD8, 0xFF]) || starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return true }
        if starts(ascii("GIF87a")) || starts(ascii("GIF89a")) || starts(ascii("qoif")) { return true }
        if starts(ascii("BM")), head.count >= 14 { return true }
        if starts(ascii("RIFF")), starts(ascii("WEBP"), at: 8) { return true }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return true }
        if starts([0xFF, 0x0A]) || starts([0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A]) {
            return true
        }
        if starts(ascii("ftyp"), at: 4), head.count >= 12 {
            let brand = String(decoding: head[8..<12], as: UTF8.self)
            return ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1", "avif", "avis"].contains(brand)
        }
        // PNM: "P1" … "P6" and whitespace.
        if head.count >= 3, head[0] == UInt8(ascii: "P"), (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(head[1]) {
            return [0x20, 0x09, 0x0A, 0x0D].contains(head[2])
        }
        return false
    }
}
