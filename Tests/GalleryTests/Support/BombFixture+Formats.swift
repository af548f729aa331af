import Foundation
import GalleryTesting

/// The decoder bombs of the TIFF, JPEG, WebP and HEIF decoders, each a few hundred bytes to a few hundred kilobytes.
extension BombFixture {
    /// A 162-byte grey TIFF whose ImageWidth and ImageLength each appear twice, 30000 first and 64 last (tags out of
    /// order): a reader that keeps the last sees 64 × 64, libtiff keeps the first and allocates 30000² pixels.
    static func doubledTagTIFF() -> [UInt8] {
        let entries: [(tag: Int, type: Int, value: Int)] = [
            (256, 3, 30_000), (257, 3, 30_000), (258, 3, 8), (259, 3, 1), (262, 3, 1), (273, 4, -1), (277, 3, 1),
            (278, 3, 64), (279, 4, 64 * 64), (256, 3, 64), (257, 3, 64),
        ]
        let dataOffset = 8 + 2 + 12 * entries.count + 4
        var file: [UInt8] = Array("II".utf8) + le(42, 2) + le(8, 4) + le(entries.count, 2)
        for entry in entries {
            let value = entry.value < 0 ? dataOffset : entry.value
            file += le(entry.tag, 2) + le(entry.type, 2) + le(1, 4) + le(value, 4)
        }
        // Sixteen bytes of the strip; the rest is missing.
        return file + le(0, 4) + [UInt8](repeating: 0x80, count: 16)
    }

    /// A progressive 4:2:0 colour JPEG of `width` × `height` holding only its first DC scan, every block flat grey
    /// (one bit a block, about 550 KB at 16000 × 12000, inside the header guard's bound of a bit a block): libjpeg
    /// keeps every coefficient of a progressive image until its last scan, about 600 MB here, whatever the output
    /// size.
    static func progressiveJPEG(width: Int = 16_000, height: Int = 12_000) -> [UInt8] {
        func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
            [0xFF, marker] + be(payload.count + 2, 2) + payload
        }
        var file: [UInt8] = [0xFF, 0xD8]
        file += segment(0xDB, [0] + [UInt8](repeating: 1, count: 64))
        // SOF2: 8-bit, three components, luma sampled 2 × 2, both chroma 1 × 1, quantisation table 0.
        file += segment(0xC2, [8] + be(height, 2) + be(width, 2) + [3, 1, 0x22, 0, 2, 0x11, 0, 3, 0x11, 0])
        // A DC table with one code, "0", for category 0 (no difference): every block costs one bit.
        file += segment(0xC4, [0x00, 1] + [UInt8](repeating: 0, count: 15) + [0])
        file += segment(0xDA, [3, 1, 0x00, 2, 0x00, 3, 0x00, 0, 0, 0])
        let macroblocks = (width + 15) / 16 * ((height + 15) / 16)
        file += [UInt8](repeating: 0, count: (macroblocks * 6 + 7) / 8)
        return file + [0xFF, 0xD9]
    }

    /// An animated WebP of 140 bytes: a `side` × `side` canvas and two 1 × 1 lossless frames. libwebp's animation
    /// decoder allocates the whole canvas (and a second for the previous frame) before the first frame.
    static func canvasWebP(side: Int = 10_000) -> [UInt8] {
        func chunk(_ type: String, _ payload: [UInt8]) -> [UInt8] {
            Array(type.utf8) + le(payload.count, 4) + payload + (payload.count % 2 == 1 ? [0] : [])
        }
        // A 1 × 1 red lossless image (VP8L), as cwebp writes it.
        let pixel: [UInt8] = [0x2F, 0, 0, 0, 0, 0x07, 0x10, 0xFD, 0x8F, 0xFE, 0x07, 0x22, 0xA2, 0xFF, 0x01]
        func frame(x: Int) -> [UInt8] {
            chunk("ANMF", le(x, 3) + le(0, 3) + le(0, 3) + le(0, 3) + le(100, 3) + [0] + chunk("VP8L", pixel))
        }
        // VP8X: animation (0x02) and alpha (0x10) flags, canvas size minus one in 24 bits each.
        let body =
            Array("WEBP".utf8) + chunk("VP8X", [0x12, 0, 0, 0] + le(side - 1, 3) + le(side - 1, 3))
            + chunk("ANIM", le(0xFFFF_FFFF, 4) + le(0, 2)) + frame(x: 0) + frame(x: 1)
        return Array("RIFF".utf8) + le(body.count, 4) + body
    }

    /// A HEIF grid image of `tiles` × `tiles` items of `tileHEIC`'s one HEVC picture (64 × 64), every item's extent
    /// the same bytes, under a grid `ispe` of 1000 × 1000: libheif decodes every tile, 16,129 of them at 127, to
    /// assemble a picture the size of a few of them. Nil when `tileHEIC` has no `hvcC` or `mdat` box.
    static func sharedTileHEIFGrid(tileHEIC: [UInt8], tiles: Int = 127) -> [UInt8]? {
        guard let meta = find("meta", in: tileHEIC, from: 0, to: tileHEIC.count),
            let iprp = find("iprp", in: tileHEIC, from: meta.lowerBound + 12, to: meta.upperBound),
            let ipco = find("ipco", in: tileHEIC, from: iprp.lowerBound + 8, to: iprp.upperBound),
            let hvcC = find("hvcC", in: tileHEIC, from: ipco.lowerBound + 8, to: ipco.upperBound),
            let mdat = find("mdat", in: tileHEIC, from: 0, to: tileHEIC.count)
        else { return nil }
        let tile = Array(tileHEIC[(mdat.lowerBound + 8)..<mdat.upperBound])
        let ids = Array(2..<(2 + tiles * tiles))
        func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
            be(payload.count + 8, 4) + Array(type.utf8) + payload
        }
        func fullBox(_ type: String, version: UInt8, _ payload: [UInt8]) -> [UInt8] {
            box(type, [version, 0, 0, 0] + payload)
        }
        func itemInfo(_ id: Int, _ type: String) -> [UInt8] {
            fullBox("infe", version: 2, be(id, 2) + be(0, 2) + Array(type.utf8) + [0])
        }
        // Grid: version 0, 16-bit sizes, rows and columns minus one, output 1000 × 1000.
        let grid: [UInt8] = [0, 0, UInt8(tiles - 1), UInt8(tiles - 1)] + be(1000, 2) + be(1000, 2)
        let properties = box(
            "ipco",
            Array(tileHEIC[hvcC]) + fullBox("ispe", version: 0, be(64, 4) + be(64, 4))
                + fullBox("ispe", version: 0, be(1000, 4) + be(1000, 4)))
        // The grid item has the 1000 × 1000 `ispe` (property 3); each tile the `hvcC` (1, essential) and 64 × 64 (2).
        var associations: [UInt8] = be(ids.count + 1, 4) + be(1, 2) + [1, 3]
        for id in ids { associations += be(id, 2) + [2, 0x81, 2] }
        associations = fullBox("ipma", version: 0, associations)
        var itemInfos: [UInt8] = be(ids.count + 1, 2) + itemInfo(1, "grid")
        for id in ids { itemInfos += itemInfo(id, "hvc1") }
        var references: [UInt8] = be(1, 2) + be(ids.count, 2)
        for id in ids { references += be(id, 2) }
        var otherBoxes: [UInt8] = fullBox("iinf", version: 0, itemInfos)
        otherBoxes += fullBox("iref", version: 0, box("dimg", references))
        otherBoxes += box("iprp", properties + associations)
        otherBoxes += box("idat", grid)
        // iloc version 1, 4-byte offsets and lengths: the grid from `idat` (construction method 1), every tile the
        // same extent of `mdat`.
        func locations(tileOffset: Int) -> [UInt8] {
            var entries: [UInt8] = [0x44, 0x00] + be(ids.count + 1, 2)
            entries += be(1, 2) + be(1, 2) + be(0, 2) + be(1, 2) + be(0, 4) + be(grid.count, 4)
            for id in ids {
                entries += be(id, 2) + be(0, 2) + be(0, 2) + be(1, 2) + be(tileOffset, 4) + be(tile.count, 4)
            }
            return fullBox("iloc", version: 1, entries)
        }
        func metaBox(tileOffset: Int) -> [UInt8] {
            fullBox(
                "meta", version: 0,
                fullBox("hdlr", version: 0, [0, 0, 0, 0] + Array("pict".utf8) + [UInt8](repeating: 0, count: 13))
                    + fullBox("pitm", version: 0, be(1, 2)) + locations(tileOffset: tileOffset) + otherBoxes)
        }
        let fileType = box("ftyp", Array("heic".utf8) + be(0, 4) + Array("mif1heic".utf8))
        let tileOffset = fileType.count + metaBox(tileOffset: 0).count + 8
        return fileType + metaBox(tileOffset: tileOffset) + box("mdat", tile)
    }

    /// The range of the first box of `type` between `start` and `end` of `bytes`, header included.
    private static func find(_ type: String, in bytes: [UInt8], from start: Int, to end: Int) -> Range<Int>? {
        var position = start
        while position + 8 <= end {
            let size = bytes[position..<(position + 4)].reduce(0) { $0 << 8 | Int($1) }
            guard size >= 8, position + size <= end else { return nil }
            if Array(bytes[(position + 4)..<(position + 8)]) == Array(type.utf8) { return position..<(position + size) }
            position += size
        }
        return nil
    }

    /// `value` in `count` bytes, least significant first.
    private static func le(_ value: Int, _ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(value >> (8 * $0) & 0xFF) }
    }

    /// `value` in `count` bytes, most significant first.
    private static func be(_ value: Int, _ count: Int) -> [UInt8] { PNGWriter.be(value, count) }
}
