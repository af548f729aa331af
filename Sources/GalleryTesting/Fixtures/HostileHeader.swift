import Gallery
import Imaging

/// Image files that are only a header claiming an enormous size: each format the gallery accepts, written from its
/// specification, so the tests and the soak's hostile corpus need no binary fixtures.
package enum HostileHeader: String, CaseIterable, CustomStringConvertible {
    case tga, tiff, bmp, gif, webp, png, jpeg, qoi, pnm, heic, avif, jxl

    /// The size the header claims.
    package var claimedSize: PixelSize {
        switch self {
        case .tiff: PixelSize(width: 60_000, height: 60_000)
        case .pnm: PixelSize(width: 60_000, height: 60_000)
        default: PixelSize(width: 65_535, height: 65_535)
        }
    }

    /// A file name with the format's usual extension.
    package var fileName: String {
        switch self {
        case .tga: "claims-huge.tga"
        case .tiff: "claims-huge.tif"
        case .bmp: "claims-huge.bmp"
        case .gif: "claims-huge.gif"
        case .webp: "claims-huge.webp"
        case .png: "claims-huge.png"
        case .jpeg: "claims-huge.jpg"
        case .qoi: "claims-huge.qoi"
        case .pnm: "claims-huge.ppm"
        case .heic: "claims-huge.heic"
        case .avif: "claims-huge.avif"
        case .jxl: "claims-huge.jxl"
        }
    }

    /// The format's short name.
    package var description: String { rawValue }

    /// The file's bytes: the header and a little filler where pixel data would start.
    package var bytes: [UInt8] {
        let w = claimedSize.width, h = claimedSize.height
        let filler = [UInt8](repeating: 0x5A, count: 100)
        switch self {
        case .tga:
            // 18-byte header: no ID, no colour map, uncompressed true colour, 24 bits per pixel.
            return [0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0] + Self.le(w, 2) + Self.le(h, 2) + [24, 0] + filler
        case .tiff:
            let entries: [(tag: Int, type: Int, value: Int)] = [
                (256, 4, w), (257, 4, h), (258, 3, 8), (259, 3, 1), (262, 3, 2), (273, 4, 8), (277, 3, 3),
                (278, 4, h), (279, 4, 10),
            ]
            var ifd = Self.le(entries.count, 2)
            for entry in entries {
                ifd += Self.le(entry.tag, 2) + Self.le(entry.type, 2) + Self.le(1, 4) + Self.le(entry.value, 4)
            }
            return Array("II*\0".utf8) + Self.le(8, 4) + ifd + Self.le(0, 4)
        case .bmp:
            return Array("BM".utf8) + Self.le(54 + 100, 4) + Self.le(0, 4) + Self.le(54, 4) + Self.le(40, 4)
                + Self.le(w, 4) + Self.le(h, 4) + Self.le(1, 2) + Self.le(24, 2) + [UInt8](repeating: 0, count: 24)
                + filler
        case .gif:
            // Logical screen 1×1, then an image descriptor claiming the huge frame.
            return Array("GIF89a".utf8) + Self.le(1, 2) + Self.le(1, 2) + [0, 0, 0]
                + [0x2C] + Self.le(0, 2) + Self.le(0, 2) + Self.le(w, 2) + Self.le(h, 2) + [0] + [2, 2, 0x4C, 0x01, 0]
                + [0x3B]
        case .webp:
            return Array("RIFF".utf8) + Self.le(4 + 18 + 100, 4) + Array("WEBPVP8X".utf8) + Self.le(10, 4)
                + [0, 0, 0, 0] + Self.le(w - 1, 3) + Self.le(h - 1, 3) + filler
        case .png:
            return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Self.be(13, 4) + Array("IHDR".utf8)
                + Self.be(w, 4) + Self.be(h, 4) + [8, 2, 0, 0, 0] + [0, 0, 0, 0] + filler
        case .jpeg:
            // SOI, then a baseline SOF0 for three components, then noise.
            return [0xFF, 0xD8, 0xFF, 0xC0] + Self.be(17, 2) + [8] + Self.be(h, 2) + Self.be(w, 2)
                + [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1] + filler
        case .qoi:
            return Array("qoif".utf8) + Self.be(w, 4) + Self.be(h, 4) + [4, 0] + filler
        case .pnm:
            return Array("P6\n# claims a lot\n\(w) \(h)\n255\n".utf8) + filler
        case .heic, .avif:
            // ftyp, then meta (a full box: version and flags) > iprp > ipco > ispe (a full box: width, height).
            let brand = Array(rawValue.utf8)
            let ispe = Self.be(20, 4) + Array("ispe".utf8) + Self.be(0, 4) + Self.be(w, 4) + Self.be(h, 4)
            let ipco = Self.be(8 + ispe.count, 4) + Array("ipco".utf8) + ispe
            let iprp = Self.be(8 + ipco.count, 4) + Array("iprp".utf8) + ipco
            let meta = Self.be(12 + iprp.count, 4) + Array("meta".utf8) + Self.be(0, 4) + iprp
            return Self.be(24, 4) + Array("ftyp".utf8) + brand + Self.be(0, 4) + Array("mif1".utf8) + brand + meta
                + filler
        case .jxl:
            // Codestream signature, then the SizeHeader's bits from the least significant: not small (0), height
            // selector 2 (18 bits of height − 1), then the aspect ratio 1 (square, so no width field).
            let bits = 2 << 1 | (h - 1) << 3 | 1 << 21
            return [0xFF, 0x0A] + Self.le(bits, 3) + filler
        }
    }

    private static func le(_ value: Int, _ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    private static func be(_ value: Int, _ count: Int) -> [UInt8] {
        le(value, count).reversed()
    }
}
