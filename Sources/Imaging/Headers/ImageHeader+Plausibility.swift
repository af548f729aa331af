/// Whether a file is long enough to hold the pixels its header claims: the header guard's second check, made before
/// any decoder allocates (a 22-byte QOI claiming 10000 × 10000 px cost 930 MB in SDL_image's loader, and showed black).
///
/// Each bound is the format's best possible compression, so no real file, however flat, is refused:
///
/// | format | fewest bytes for W × H pixels | why |
/// |---|---|---|
/// | QOI | 14 + ⌈W·H / 62⌉ + 8 | a run chunk (1 byte) covers at most 62 pixels; header and end marker |
/// | TGA, RLE | 18 + ⌈W·H / 128⌉ · (1 + bytes a pixel) | a packet covers at most 128 pixels |
/// | TGA, raw | 18 + W·H · bytes a pixel | every pixel stored |
/// | PNM (P4, P5, P6, P1–P3) | W·H · bytes a pixel (⌈W / 8⌉ · H for P4; one character a sample for ASCII) | raw samples |
/// | BMP, uncompressed | H · (row bytes padded to 4) | every row stored; RLE BMPs may skip pixels, so no bound |
/// | PNG | ⌈H · (1 + ⌈W · bits a pixel / 8⌉) / 1032⌉ | deflate's largest ratio is 1032:1 (258-byte matches in 2 bits) |
/// | GIF | ⌈frame W·H / 4096⌉ | a 12-bit LZW code stands for at most 4096 pixels (really ~3840 in 1.5 bytes) |
/// | JPEG, Huffman | ⌈W·H / 512⌉ | every 8×8 block of the first component costs at least 1 bit |
///
/// WebP (a lossless image of one colour needs no bits per pixel), TIFF (fax, JBIG), RLE BMP, arithmetic-coded JPEG,
/// HEIF and AVIF (a flat HEVC or AV1 frame costs a few bytes, a grid repeats one tile), JPEG XL (patches, modular
/// prediction) and camera RAW (only the preview is decoded, and its JPEG header is checked in turn) have no such bound; `--max-megapixels` and the decode budget still hold for them.
extension ImageHeader {
    /// The fewest bytes a well-formed file of `format` needs to hold `size` pixels, reading the few header fields
    /// that matter through `read`; nil when the format allows any ratio.
    package static func fewestBytes(holding size: PixelSize, format: Format, _ read: Reader) -> Int? {
        // Sides over 2^24 (beyond any decoder's limit) are left to the size limits, so nothing here can overflow.
        guard (1...(1 << 24)).contains(size.width), (1...(1 << 24)).contains(size.height) else { return nil }
        let pixels = size.area
        switch format {
        case .qoi:
            return 14 + ceilingDivision(pixels, 62) + 8
        case .tga:
            let header = read(0, 18)
            guard header.count == 18 else { return nil }
            let bytesPerPixel = (Int(header[16]) + 7) / 8
            return 18
                + (header[2] >= 9
                    ? ceilingDivision(pixels, 128) * (1 + bytesPerPixel)
                    : pixels * bytesPerPixel)
        case .pnm:
            let magic = read(1, 1).first ?? 0
            switch magic {
            case UInt8(ascii: "4"): return ceilingDivision(size.width, 8) * size.height
            case UInt8(ascii: "3"), UInt8(ascii: "6"): return 3 * pixels
            default: return pixels  // P1, P2 and P5: at least one byte or character a pixel.
            }
        case .bmp:
            let header = read(0, 34)
            guard header.count == 34, littleEndian16(header, at: 14) >= 40 || littleEndian16(header, at: 14) == 12
            else { return nil }
            let isCore = littleEndian16(header, at: 14) == 12
            let bitsPerPixel = littleEndian16(header, at: isCore ? 24 : 28)
            let compression =
                isCore
                ? 0
                : Int(header[30]) | Int(header[31]) << 8 | Int(header[32]) << 16
                    | Int(header[33]) << 24
            // BI_RGB and BI_BITFIELDS store every row; RLE4/RLE8 may end early or skip whole areas.
            guard compression == 0 || compression == 3, bitsPerPixel > 0 else { return nil }
            return size.height * ceilingDivision(size.width * bitsPerPixel, 32) * 4
        case .png:
            let header = read(24, 2)
            guard header.count == 2 else { return nil }
            let samples =
                switch header[1] {
                case 2: 3  // RGB
                case 4: 2  // grey and alpha
                case 6: 4  // RGBA
                default: 1  // grey, palette
                }
            let bitsPerPixel = max(Int(header[0]), 1) * samples
            return ceilingDivision(size.height * (1 + ceilingDivision(size.width * bitsPerPixel, 8)), 1032)
        case .gif:
            return frameArea(ofGIF: read).map { ceilingDivision($0, 4096) }
        case .jpeg:
            guard let marker = frameMarker(ofJPEG: read), !(0xC9...0xCF).contains(marker) else { return nil }
            return ceilingDivision(pixels, 512)
        case .webp, .tiff, .heif, .avif, .jxl, .raw, .svg:
            return nil
        }
    }

    /// Why a file of `byteCount` bytes cannot hold what its header claims, or nil when it can.
    package static func implausibility(of header: ImageHeader, byteCount: Int, _ read: Reader) -> String? {
        guard let format = header.format, let size = header.size,
            let fewest = fewestBytes(holding: size, format: format, read), byteCount < fewest
        else { return nil }
        return "\(byteCount) bytes cannot hold the \(size.width)×\(size.height) px its header claims: "
            + "at least \(fewest) needed"
    }

    /// The first GIF frame's pixel count (what the LZW data must cover), from its image descriptor.
    private static func frameArea(ofGIF read: Reader) -> Int? {
        firstGIFImageDescriptor(read).map { littleEndian16($0, at: 5) * littleEndian16($0, at: 7) }
    }

    /// The SOF marker (0xC0…0xCF) of a JPEG, which tells Huffman from arithmetic coding.
    package static func frameMarker(ofJPEG read: Reader) -> UInt8? {
        var position = 2
        for _ in 0..<1024 {
            guard let next = nextJPEGMarker(read, from: position) else { return nil }
            position = next
            let segment = read(position, 4)
            guard segment.count >= 2 else { return nil }
            switch segment[1] {
            case 0x01, 0xD0...0xD8: position += 2
            case 0xC0...0xCF where ![0xC4, 0xC8, 0xCC].contains(segment[1]): return segment[1]
            case 0xD9, 0xDA: return nil
            default:
                guard segment.count == 4 else { return nil }
                position += 2 + (Int(segment[2]) << 8 | Int(segment[3]))
            }
        }
        return nil
    }

    private static func ceilingDivision(_ value: Int, _ divisor: Int) -> Int {
        (value + divisor - 1) / divisor
    }

    private static func littleEndian16(_ bytes: [UInt8], at offset: Int) -> Int {
        Int(bytes[offset]) | Int(bytes[offset + 1]) << 8
    }
}
