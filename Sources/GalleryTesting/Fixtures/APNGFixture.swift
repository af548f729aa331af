import Imaging
import Support

/// Animated PNGs put together chunk by chunk: each frame a rectangle of one colour (encoded by `PNGEncoder`, its
/// IDAT data taken), with the fcTL fields given, the first frame being the default image.
package enum APNGFixture {
    /// One frame: its rectangle, colour and fcTL operations.
    package struct Frame: Sendable {
        package var x: Int
        package var y: Int
        package var width: Int
        package var height: Int
        package var colour: RGBA
        package var dispose: UInt8 = 0
        package var blend: UInt8 = 0
        /// The delay in hundredths of a second.
        package var delay: Int = 10

        /// A frame of `colour` filling the rectangle, with these operations.
        package init(
            x: Int, y: Int, width: Int, height: Int, colour: RGBA, dispose: UInt8 = 0, blend: UInt8 = 0,
            delay: Int = 10
        ) {
            (self.x, self.y, self.width, self.height, self.colour) = (x, y, width, height, colour)
            (self.dispose, self.blend, self.delay) = (dispose, blend, delay)
        }
    }

    /// An APNG of `width` × `height` playing `frames` forever; with `gamma`, a gAMA chunk stating it (in
    /// hundred-thousandths), which makes each frame's PNG one that SDL_image decodes, not libpng alone.
    package static func bytes(width: Int, height: Int, frames: [Frame], gamma: Int? = nil) throws -> [UInt8] {
        var png = APNGScan.signature
        png += chunk("IHDR", be(width) + be(height) + [8, 6, 0, 0, 0])
        if let gamma { png += chunk("gAMA", be(gamma)) }
        png += chunk("acTL", be(frames.count) + be(0))
        var sequence = 0
        for (index, frame) in frames.enumerated() {
            var control = be(sequence) + be(frame.width) + be(frame.height) + be(frame.x) + be(frame.y)
            control += [UInt8(frame.delay >> 8), UInt8(frame.delay & 0xFF), 0, 100, frame.dispose, frame.blend]
            png += chunk("fcTL", control)
            sequence += 1
            let data = try imageData(frame)
            if index == 0 {
                png += chunk("IDAT", data)
            } else {
                png += chunk("fdAT", be(sequence) + data)
                sequence += 1
            }
        }
        return png + chunk("IEND", [])
    }

    /// The IDAT data of a PNG of the frame's rectangle in its colour.
    private static func imageData(_ frame: Frame) throws -> [UInt8] {
        let pixels = try PixelBuffer(width: frame.width, height: frame.height, format: .argb8888)
        let word =
            UInt32(frame.colour.a) << 24 | UInt32(frame.colour.r) << 16 | UInt32(frame.colour.g) << 8
            | UInt32(frame.colour.b)
        for y in 0..<frame.height {
            pixels.row(y).initializeMemory(as: UInt32.self, repeating: word, count: frame.width)
        }
        let png = try PNGEncoder.png(of: pixels, opaque: false)
        var data: [UInt8] = []
        var position = 8
        while position + 12 <= png.count {
            let length = png[position..<(position + 4)].reduce(0) { $0 << 8 | Int($1) }
            if png[(position + 4)..<(position + 8)].elementsEqual("IDAT".utf8) {
                data += png[(position + 8)..<(position + 8 + length)]
            }
            position += 12 + length
        }
        return data
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be(data.count) + body + be(Int(ShotMark.crc32(body)))
    }

    private static func be(_ value: Int) -> [UInt8] {
        [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
    }
}
