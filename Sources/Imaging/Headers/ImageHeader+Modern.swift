// The header fuzz target compiles PhotoFormat.swift into its own module instead (Scripts/fuzz.sh).
#if canImport(GalleryCore)
#endif

/// The header readers of the formats decoded by libheif, libjxl and LibRaw: their signatures and stated sizes, read
/// before any of those libraries is called (compiled into the header fuzz target with `ImageHeader.swift`).
extension ImageHeader {
    /// HEIF brands (HEVC stills and sequences, and the generic MIAF/HEIF brands) that libheif decodes.
    private static let heifBrands: Set<String> = ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"]
    /// AVIF brands (still and sequence).
    private static let avifBrands: Set<String> = ["avif", "avis"]

    /// The format an ISO base media file (`ftyp` first) holds: AVIF or HEIF by its brands, camera RAW for Canon's
    /// CR3 (`crx`); nil for other brands (video, JPEG 2000…). An AVIF brand wins over the generic `mif1`.
    package static func isobmffFormat(_ read: Reader) -> Format? {
        let box = read(0, 8)
        guard box.count == 8, box[4..<8].elementsEqual("ftyp".utf8) else { return nil }
        let length = min(bigEndian(box, at: 0, count: 4), 256)
        guard length >= 16 else { return nil }
        let payload = read(8, length - 8)
        let brands = stride(from: 0, to: payload.count - 3, by: 4).compactMap { offset -> String? in
            offset == 4 ? nil : String(decoding: payload[offset..<offset + 4], as: UTF8.self)
        }
        guard let major = brands.first else { return nil }
        if major == "crx " { return .raw }
        if brands.contains(where: avifBrands.contains) { return .avif }
        if brands.contains(where: heifBrands.contains) { return .heif }
        return nil
    }

    /// The largest image spatial extent (`ispe`) among the item properties (`meta` → `iprp` → `ipco`): the primary
    /// image's full size (a grid's whole canvas), never less than any item libheif would decode. Before rotation and
    /// before `clap` cropping (x265 codes whole 64-pixel blocks: heif-enc states 64 × 64 for a 64 × 48 picture).
    package static func heifSize(_ read: Reader) -> PixelSize? {
        guard let meta = box("meta", in: 0..<Int.max, read), meta.count >= 4 else { return nil }
        // `meta` is a full box: version and flags precede its children.
        guard let properties = box("iprp", in: (meta.lowerBound + 4)..<meta.upperBound, read),
            let container = box("ipco", in: properties, read)
        else { return nil }
        var largest: PixelSize?
        var position = container.lowerBound
        for _ in 0..<maximumSteps {
            guard let (type, range) = boxHeader(at: position, limit: container.upperBound, read) else { break }
            if type == "ispe" {
                let fields = read(range.lowerBound, 12)
                guard fields.count == 12 else { return nil }
                let size = PixelSize(
                    width: bigEndian(fields, at: 4, count: 4), height: bigEndian(fields, at: 8, count: 4))
                // Two 32-bit sides may overflow `area`: compared in floating point.
                func pixels(_ size: PixelSize) -> Double { Double(size.width) * Double(size.height) }
                if largest.map({ pixels(size) > pixels($0) }) ?? true { largest = size }
            }
            position = range.upperBound
        }
        return largest
    }

    /// The payload range of the first box of `type` among the boxes filling `range`.
    private static func box(_ type: String, in range: Range<Int>, _ read: Reader) -> Range<Int>? {
        var position = range.lowerBound
        for _ in 0..<maximumSteps {
            guard let (found, payload) = boxHeader(at: position, limit: range.upperBound, read) else { return nil }
            if found == type { return payload }
            position = payload.upperBound
        }
        return nil
    }

    /// The type and payload range of the box at `position`, if its header is whole and it ends by `limit` (a box
    /// whose size runs past the file is cut at the file's end by the reader, never followed past it).
    private static func boxHeader(at position: Int, limit: Int, _ read: Reader) -> (String, Range<Int>)? {
        let header = read(position, 16)
        guard header.count >= 8, position < limit else { return nil }
        let type = String(decoding: header[4..<8], as: UTF8.self)
        var length = bigEndian(header, at: 0, count: 4)
        var headerLength = 8
        if length == 1 {
            // A 64-bit size follows; anything past 2^40 bytes is no file the gallery reads.
            guard header.count == 16 else { return nil }
            length = bigEndian(header, at: 8, count: 3) == 0 ? bigEndian(header, at: 11, count: 5) : 1 << 40
            headerLength = 16
        } else if length == 0 {
            length = min(limit, 1 << 40) - position  // to the end of the enclosing box or file
        }
        guard length >= headerLength, position + length <= min(limit, 1 << 40) || limit == Int.max else { return nil }
        return (type, (position + headerLength)..<(position + length))
    }

    /// The offset of a JPEG XL codestream: 0 for a bare codestream (`FF 0A`), the start of the `jxlc` box or the first
    /// `jxlp` box's data in the ISO container; nil when there is none.
    package static func jxlCodestreamOffset(_ read: Reader) -> Int? {
        let start = read(0, 12)
        if start.starts(with: [0xFF, 0x0A]) { return 0 }
        guard start.elementsEqual(jxlContainerSignature) else { return nil }
        var position = 12
        for _ in 0..<maximumSteps {
            guard let (type, payload) = boxHeader(at: position, limit: Int.max, read) else { return nil }
            if type == "jxlc" { return payload.lowerBound }
            if type == "jxlp" { return payload.lowerBound + 4 }  // a 4-byte part index precedes the data
            position = payload.upperBound
        }
        return nil
    }

    /// The first box of a JPEG XL container file.
    package static let jxlContainerSignature: [UInt8] = [0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A]

    /// The image size from a JPEG XL codestream's SizeHeader (the `FF 0A` signature, then bit-packed fields, least
    /// significant bit first): small sizes are multiples of 8, others one of four ranges, the width either stated or
    /// a fixed ratio of the height. Before orientation.
    package static func jxlSize(_ read: Reader) -> PixelSize? {
        guard let offset = jxlCodestreamOffset(read) else { return nil }
        let bytes = read(offset, 16)
        guard bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0x0A else { return nil }
        var bitPosition = 16
        func bits(_ count: Int) -> Int? {
            var value = 0
            for index in 0..<count {
                let byte = (bitPosition + index) / 8
                guard byte < bytes.count else { return nil }
                value |= Int((bytes[byte] >> UInt8((bitPosition + index) % 8)) & 1) << index
            }
            bitPosition += count
            return value
        }
        func side() -> Int? {
            guard let selector = bits(2), let value = bits([9, 13, 18, 30][selector]) else { return nil }
            return value + 1
        }
        guard let small = bits(1) else { return nil }
        let height: Int
        if small == 1 {
            guard let value = bits(5) else { return nil }
            height = (value + 1) * 8
        } else {
            guard let value = side() else { return nil }
            height = value
        }
        guard let ratio = bits(3) else { return nil }
        let ratios = [(1, 1), (12, 10), (4, 3), (3, 2), (16, 9), (5, 4), (2, 1)]
        if ratio > 0 {
            return PixelSize(width: height * ratios[ratio - 1].0 / ratios[ratio - 1].1, height: height)
        }
        if small == 1 {
            guard let value = bits(5) else { return nil }
            return PixelSize(width: (value + 1) * 8, height: height)
        }
        guard let width = side() else { return nil }
        return PixelSize(width: width, height: height)
    }

    /// Whether the first bytes are those of a camera RAW file LibRaw reads: TIFF-structured (CR2, NEF, ARW, DNG,
    /// PEF, SRW), Olympus ORF (`IIRO`, `IIRS`, `MMOR`), Panasonic RW2 (`IIU\0`) or Fujifilm RAF.
    package static func isRawSignature(_ bytes: [UInt8]) -> Bool {
        let signatures: [[UInt8]] = [
            [0x49, 0x49, 0x2A, 0x00], [0x4D, 0x4D, 0x00, 0x2A], Array("IIRO".utf8), Array("IIRS".utf8),
            Array("MMOR".utf8), [0x49, 0x49, 0x55, 0x00], Array("FUJIFILMCCD-RAW".utf8),
        ]
        return signatures.contains { bytes.starts(with: $0) }
    }
}
