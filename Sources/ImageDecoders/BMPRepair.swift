/// Two slips of BMP writers that Pillow and eog read past and SDL_image refuses, both in Pillow's `mmap_error.bmp`
/// (127 × 64, 8 bits a pixel, 252 colours): a pixel-data offset pointing back into the headers or palette (it states
/// 54, where its palette begins; SDL_image read palette bytes as pixels: "a pixel with a color out of the palette"),
/// and a last row without its padding (the file is one byte short: "Error reading from datastream"). The offset is
/// moved to the end of the palette, never elsewhere, and at most the last row's padding is added, as zeros. An offset
/// that leaves room for whole palette entries after the headers is no slip but a shorter palette (Pillow's
/// `pal8os2sp.bmp`: an OS/2 file of 252 colours, its pixels right after them), which SDL_image reads as it is.
enum BMPRepair {
    /// `bytes` repaired, or nil when neither slip is there (or the headers cannot be read).
    static func repaired(_ bytes: UnsafeRawBufferPointer) -> [UInt8]? {
        func littleEndian(_ offset: Int, _ count: Int) -> Int? {
            guard offset >= 0, offset + count <= bytes.count else { return nil }
            return (0..<count).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
        }
        guard bytes.count >= 26, bytes[0] == UInt8(ascii: "B"), bytes[1] == UInt8(ascii: "M"),
            let stated = littleEndian(10, 4), let headerBytes = littleEndian(14, 4)
        else { return nil }
        let isCore = headerBytes == 12
        guard isCore || (40...124).contains(headerBytes),
            let width = littleEndian(18, isCore ? 2 : 4), let height = littleEndian(isCore ? 20 : 22, isCore ? 2 : 4),
            let bitsPerPixel = littleEndian(isCore ? 24 : 28, 2), (1...32).contains(bitsPerPixel)
        else { return nil }
        let compression = isCore ? 0 : littleEndian(30, 4) ?? 0
        let coloursUsed = isCore ? 0 : littleEndian(46, 4) ?? 0
        // A palette only up to 8 bits a pixel: 2^bits entries unless the header says how many are used.
        let entries =
            bitsPerPixel <= 8 ? (coloursUsed > 0 ? min(coloursUsed, 1 << bitsPerPixel) : 1 << bitsPerPixel) : 0
        // BI_BITFIELDS (3) and BI_ALPHABITFIELDS (6) keep their masks after a 40-byte header.
        let masks = headerBytes == 40 ? (compression == 3 ? 12 : compression == 6 ? 16 : 0) : 0
        let paletteEnd = 14 + headerBytes + masks + entries * (isCore ? 3 : 4)
        guard paletteEnd < bytes.count else { return nil }
        let headersEnd = 14 + headerBytes + masks
        let entryBytes = isCore ? 3 : 4
        let shorterPalette = bitsPerPixel <= 8 && stated > headersEnd && (stated - headersEnd) % entryBytes == 0
        let offset = stated < paletteEnd && !shorterPalette ? paletteEnd : stated
        // Rows are stored whole (BI_RGB, BI_BITFIELDS); a negative height (top-down rows) counts its magnitude. Sides
        // within 2^24 (the header guard's range) keep every product below 2^56.
        let rows = Int(Int32(truncatingIfNeeded: height).magnitude)
        guard width <= 1 << 24, rows <= 1 << 24 else { return nil }
        let rowBytes = (width * bitsPerPixel + 31) / 32 * 4
        let padding = rowBytes - (width * bitsPerPixel + 7) / 8
        let needed = offset + rowBytes * rows
        let missing = compression == 0 || compression == 3 ? max(needed - bytes.count, 0) : 0
        let padsLastRow = missing > 0 && missing <= padding
        guard offset != stated || padsLastRow else { return nil }
        var copy = [UInt8](bytes)
        for index in 0..<4 { copy[10 + index] = UInt8(truncatingIfNeeded: offset >> (8 * index)) }
        if padsLastRow { copy += [UInt8](repeating: 0, count: missing) }
        return copy
    }
}
