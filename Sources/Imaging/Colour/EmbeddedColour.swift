import Support

/// The colour space a file states for its pixels, read from its own bytes before anything is decoded: an ICC profile
/// (JPEG's APP2 `ICC_PROFILE` segments, WebP's `ICCP` chunk, TIFF's tag 34675 in its first directory, PNG's zlib-compressed `iCCP`), or PNG's
/// `gAMA` and `cHRM`, HEIF's `nclx` primaries and transfer. Nil from the readers means sRGB (no statement, PNG's `sRGB` chunk, or a gamma and primaries that
/// are sRGB's), and such a photo's pixels are used as decoded. Pure Swift over bounded reads, so any bytes are safe
/// (`make fuzz` runs the `icc` target over these readers).
package enum EmbeddedColour: Hashable, Sendable {
    /// An ICC profile's bytes.
    case icc([UInt8])
    /// PNG `iCCP`: an ICC profile, zlib-compressed.
    case compressedICC([UInt8])
    /// A white point and primaries (white x, y, red x, y, green x, y, blue x, y, as PNG's `cHRM` lists them) with a
    /// transfer curve: PNG `gAMA` and `cHRM`, HEIF `nclx`.
    case primaries([Double], transfer: Transfer)

    /// How stored values map to linear light.
    package enum Transfer: Hashable, Sendable {
        /// IEC 61966-2-1's curve.
        case sRGB
        /// ITU-R BT.709's (its OETF inverted).
        case bt709
        /// linear = stored ^ exponent (PNG: the inverse of `gAMA`).
        case power(Double)
    }

    /// The largest profile accepted: real ones are a few kB (a camera's LUT profile some hundred kB).
    package static let maximumProfileBytes = 4 << 20

    /// sRGB's white point and primaries as PNG's `cHRM` states them.
    package static let sRGBChromaticities = [0.3127, 0.329, 0.64, 0.33, 0.3, 0.6, 0.15, 0.06]

    /// The profile of a JPEG file: its APP2 `ICC_PROFILE` segments (each numbered i of n) joined in order; nil when
    /// there is none or the numbering is inconsistent (a missing or repeated part).
    package static func read(jpeg bytes: UnsafeRawBufferPointer) -> EmbeddedColour? {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        let tag = Array("ICC_PROFILE\0".utf8)
        var parts: [Int: [UInt8]] = [:]
        var expected = 0
        var position = 2
        // Segments: FF, marker, a 16-bit length counting itself. Padding FFs may precede a marker.
        while position + 4 <= bytes.count, bytes[position] == 0xFF {
            let marker = bytes[position + 1]
            if marker == 0xFF {
                position += 1
                continue
            }
            if marker == 0xDA || marker == 0xD9 { break }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) {
                position += 2
                continue
            }
            let length = Int(bytes[position + 2]) << 8 | Int(bytes[position + 3])
            guard length >= 2, position + 2 + length <= bytes.count else { break }
            let data = position + 4
            if marker == 0xE2, length >= 2 + tag.count + 2,
                bytes[data..<data + tag.count].elementsEqual(tag)
            {
                let index = Int(bytes[data + tag.count]), count = Int(bytes[data + tag.count + 1])
                guard index >= 1, count >= 1, index <= count, parts[index] == nil, expected == 0 || expected == count
                else { return nil }
                expected = count
                parts[index] = Array(bytes[(data + tag.count + 2)..<(position + 2 + length)])
            }
            position += 2 + length
        }
        guard expected > 0, parts.count == expected else { return nil }
        let profile = (1...expected).flatMap { parts[$0] ?? [] }
        return profile.isEmpty ? nil : .icc(profile)
    }

    /// The colour statement of a PNG file's chunks before its image data: `sRGB` (nil), else `iCCP`, else `gAMA` with
    /// any `cHRM` (nil when they are sRGB's to within rounding), as the PNG specification orders them.
    package static func read(png bytes: UnsafeRawBufferPointer) -> EmbeddedColour? {
        var profile: [UInt8]?
        var gamma: Double?
        var chromaticities: [Double]?
        for (type, data) in PNGChunks(bytes: bytes) {
            switch type {
            case "sRGB":
                return nil
            case "iCCP":
                // Name (1–79 bytes), NUL, compression method 0, then the zlib stream (not empty).
                guard let nul = data.prefix(80).firstIndex(of: 0), nul >= 1, nul + 2 < data.count, data[nul + 1] == 0
                else { continue }
                profile = Array(data[(nul + 2)...])
            case "gAMA" where data.count == 4:
                let value = data.reduce(0) { $0 << 8 | Int($1) }
                if value > 0 { gamma = Double(value) / 100_000 }
            case "cHRM" where data.count == 32:
                chromaticities = stride(from: 0, to: 32, by: 4).map { start in
                    Double(data[start..<start + 4].reduce(0) { $0 << 8 | Int($1) }) / 100_000
                }
            default:
                break
            }
        }
        if let profile { return .compressedICC(profile) }
        guard let gamma, gamma > 0.01, gamma < 100 else { return nil }
        let primaries = chromaticities ?? sRGBChromaticities
        let isSRGB =
            abs(gamma - 1 / 2.2) < 0.005
            && zip(primaries, sRGBChromaticities).allSatisfy { abs($0 - $1) < 0.0015 }
        return isSRGB ? nil : .primaries(primaries, transfer: .power(1 / gamma))
    }

    /// The profile of a TIFF file's first image (the one SDL_image loads): IFD0's tag 34675 (InterColorProfile).
    package static func read(tiff bytes: UnsafeRawBufferPointer) -> EmbeddedColour? {
        // Type UNDEFINED (7) or BYTE (1): one byte each; a profile never fits the 4 inline bytes.
        guard let directory = TIFFFirstDirectory(bytes), let entry = directory.entry(tag: 34675),
            entry.type == 7 || entry.type == 1, entry.count > 4, entry.count <= maximumProfileBytes
        else { return nil }
        let offset = directory.integer(at: entry.valueField, width: 4)
        guard offset >= 8, offset <= bytes.count - entry.count else { return nil }
        return .icc(Array(bytes[offset..<offset + entry.count]))
    }

    /// The profile of a WebP file: the `ICCP` chunk an extended (`VP8X`) file carries before its image.
    package static func read(webp bytes: UnsafeRawBufferPointer) -> EmbeddedColour? {
        guard bytes.count >= 20, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WEBP".utf8)
        else { return nil }
        var position = 12
        // Chunks: a FourCC, a little-endian 32-bit size, the data padded to even length.
        for _ in 0..<64 {
            guard position + 8 <= bytes.count else { return nil }
            let size = (0..<4).reduce(0) { $0 | Int(bytes[position + 4 + $1]) << (8 * $1) }
            let data = position + 8
            guard size <= bytes.count - data else { return nil }
            if bytes[position..<position + 4].elementsEqual("ICCP".utf8) {
                guard size > 0, size <= maximumProfileBytes else { return nil }
                return .icc(Array(bytes[data..<data + size]))
            }
            position = data + size + (size & 1)
        }
        return nil
    }
}

/// The chunks of a PNG file up to its first `IDAT`, as (type, data) pairs; bounded, and stopping at the first chunk that
/// does not fit in the file.
package struct PNGChunks: Sequence, IteratorProtocol {
    private let bytes: UnsafeRawBufferPointer
    private var position = 8
    private var remaining = 4096

    /// The chunks of `bytes`; none when it is not a PNG.
    package init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        if bytes.count < 8 || !bytes[0..<8].elementsEqual(signature) { remaining = 0 }
    }

    package mutating func next() -> (String, ArraySlice<UInt8>)? {
        guard remaining > 0, position + 8 <= bytes.count else { return nil }
        remaining -= 1
        let length = bytes[position..<position + 4].reduce(0) { $0 << 8 | Int($1) }
        let type = String(decoding: bytes[position + 4..<position + 8], as: UTF8.self)
        let data = position + 8
        guard type != "IDAT", type != "IEND", length <= bytes.count - data else {
            remaining = 0
            return nil
        }
        position = data + length + 4
        return (type, Array(bytes[data..<data + length])[...])
    }
}
