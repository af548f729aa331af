import CTurboJPEG
import Gallery
import Imaging

/// JPEG files made with TurboJPEG for the tests and the soak's hostile corpus: RGB or CMYK, with an optional EXIF
/// orientation tag.
package enum JPEGFixture {
    /// Encodes `width` × `height` pixels from `color` (RGB), at quality 95, 4:4:4.
    package static func rgb(width: Int, height: Int, orientation: Int? = nil, _ color: (Int, Int) -> RGBA) -> [UInt8] {
        var pixels = [UInt8]()
        pixels.reserveCapacity(width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let c = color(x, y)
                pixels += [c.r, c.g, c.b]
            }
        }
        let jpeg = compress(pixels, width: width, height: height, format: TJPF_RGB)
        return orientation.map { withOrientation($0, jpeg) } ?? jpeg
    }

    /// Encodes the same picture as CMYK the way Adobe writes it (inverted inks, APP14 "Adobe" marker, YCCK coding).
    package static func adobeCMYK(width: Int, height: Int, _ color: (Int, Int) -> RGBA) -> [UInt8] {
        var pixels = [UInt8]()
        pixels.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let c = color(x, y)
                // Black takes the common part; inks the rest. Adobe stores 255 − ink.
                let k = 255 - max(c.r, c.g, c.b)
                func ink(_ channel: UInt8) -> UInt8 {
                    k == 255 ? 0 : UInt8((255 - Int(channel) - Int(k)) * 255 / (255 - Int(k)))
                }
                pixels += [255 - ink(c.r), 255 - ink(c.g), 255 - ink(c.b), 255 - k]
            }
        }
        return compress(pixels, width: width, height: height, format: TJPF_CMYK)
    }

    /// A JPEG that takes long to decode: noise on every row, so every block has many coefficients (the huge-decode
    /// tests, 4:2:0 at quality 80 as a camera writes).
    package static func noisy(width: Int, height: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        let rowBytes = width * 3
        var pattern = [UInt8](repeating: 0, count: rowBytes * 2)
        for index in pattern.indices { pattern[index] = 96 + UInt8.random(in: 0..<48, using: &generator) }
        var pixels = [UInt8](repeating: 0, count: rowBytes * height)
        pixels.withUnsafeMutableBytes { destination in
            pattern.withUnsafeBytes { source in
                for row in 0..<height {
                    // Each row a different slice of the noise, so no two neighbouring rows repeat.
                    let start = (row * 7919 * 3) % rowBytes
                    (destination.baseAddress! + row * rowBytes).copyMemory(
                        from: source.baseAddress! + start, byteCount: rowBytes)
                }
            }
        }
        return compress(pixels, width: width, height: height, format: TJPF_RGB, subsampling: TJSAMP_420, quality: 80)
    }

    private static func compress(
        _ pixels: [UInt8], width: Int, height: Int, format: TJPF, subsampling: TJSAMP = TJSAMP_444, quality: Int32 = 95
    ) -> [UInt8] {
        let handle = tjInitCompress()!
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = pixels.withUnsafeBufferPointer { buffer in
            tjCompress2(
                handle, buffer.baseAddress, Int32(width), 0, Int32(height), Int32(format.rawValue), &output,
                &size, Int32(subsampling.rawValue), quality, 0)
        }
        precondition(status == 0, String(cString: tjGetErrorStr2(handle)))
        defer { tjFree(output) }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }

    /// `jpeg` with an APP1 Exif segment holding only the Orientation tag inserted after SOI (big-endian TIFF).
    package static func withOrientation(_ orientation: Int, _ jpeg: [UInt8]) -> [UInt8] {
        let tiff: [UInt8] =
            Array("MM".utf8) + [0, 42, 0, 0, 0, 8] + [0, 1]  // header, IFD at 8, one entry
            + [0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, UInt8(orientation), 0, 0]  // Orientation, SHORT, 1 value
            + [0, 0, 0, 0]  // no next IFD
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        let length = payload.count + 2
        return Array(jpeg[0..<2]) + [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + jpeg[2...]
    }

    /// A four-quadrant picture: red top-left, green top-right, blue bottom-left, white bottom-right, so that a wrong
    /// orientation or colour conversion shows.
    package static func quadrants(width: Int, height: Int) -> (Int, Int) -> RGBA {
        { x, y in
            switch (x < width / 2, y < height / 2) {
            case (true, true): RGBA(r: 220, g: 30, b: 30)
            case (false, true): RGBA(r: 30, g: 200, b: 40)
            case (true, false): RGBA(r: 30, g: 40, b: 210)
            case (false, false): RGBA(r: 240, g: 240, b: 240)
            }
        }
    }
}
