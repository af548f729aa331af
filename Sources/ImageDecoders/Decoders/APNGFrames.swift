import Imaging
import Support

/// An animated PNG's frames, composited onto one canvas as they are asked for. libpng 1.6 in Debian has no APNG patch
/// and SDL_image shows the default image only, so the chunks are read here (`APNGScan`): each frame's image data
/// becomes a PNG of its own (the file's IHDR at the frame's size, its palette, transparency and colour chunks, one IDAT)
/// decoded by the still path's PNG decoder, then drawn onto the canvas by the frame's blend operation after the last
/// frame's dispose operation. Memory is the canvas, a saved copy of it while a frame disposes to the previous picture,
/// one frame's decode and the file's bytes, whatever the frame count; looping starts again from a cleared canvas.
final class APNGFrames: AnimationFrameSource {
    /// The file's bytes.
    private let bytes: [UInt8]
    /// Its chunks' walk: the frames and what each one's PNG shares.
    private let scan: APNGScan
    /// Decodes one frame's PNG (straight ARGB, at the frame's size).
    private let decodePNG: (UnsafeRawBufferPointer) throws(DecodeFailure.Reason) -> PixelBuffer
    /// Makes a frame of a copy of the canvas (fitting it to the page, turning it, managing its colour).
    private let finish: (PixelBuffer) throws(DecodeFailure.Reason) -> PixelBuffer
    /// The composited canvas, straight ARGB, transparent black where no frame has drawn.
    private let canvas: PixelBuffer
    /// The canvas before the last frame was drawn, kept while that frame disposes to the previous picture.
    private var saved: PixelBuffer?
    /// The index of the next frame to composite.
    private var next = 0

    /// Frames of the animated PNG in `bytes` scanned as `scan` (which must have two frames or more), each decoded by
    /// `decodePNG` and the canvas handed to `finish` as a copy.
    init(
        bytes: [UInt8], scan: APNGScan,
        decodePNG: @escaping (UnsafeRawBufferPointer) throws(DecodeFailure.Reason) -> PixelBuffer,
        finish: @escaping (PixelBuffer) throws(DecodeFailure.Reason) -> PixelBuffer
    ) throws(DecodeFailure.Reason) {
        guard scan.isAnimated else { throw .corrupt(format: "PNG", detail: "not an animated PNG") }
        self.bytes = bytes
        self.scan = scan
        self.decodePNG = decodePNG
        self.finish = finish
        do {
            canvas = try PixelBuffer(width: scan.width, height: scan.height, format: .argb8888)
        } catch {
            throw .processingFailed(error.description)
        }
        clear(PixelRect(x: 0, y: 0, width: scan.width, height: scan.height))
    }

    func frame(_ index: Int) throws(DecodeFailure.Reason) -> PixelBuffer {
        guard (0..<scan.frameCount).contains(index) else { throw .processingFailed("no frame \(index)") }
        if index < next {
            next = 0
            saved = nil
        }
        while next <= index {
            try draw(next)
            next += 1
        }
        let copy: PixelBuffer
        do { copy = try canvas.cropped(to: PixelRect(x: 0, y: 0, width: canvas.width, height: canvas.height)) } catch {
            throw .processingFailed(error.description)
        }
        return try finish(copy)
    }

    /// Disposes of the frame before `index` as it asks, then draws frame `index` onto the canvas.
    private func draw(_ index: Int) throws(DecodeFailure.Reason) {
        let frame = scan.frames[index]
        if index == 0 {
            clear(PixelRect(x: 0, y: 0, width: canvas.width, height: canvas.height))
        } else {
            let last = scan.frames[index - 1]
            let area = PixelRect(x: last.x, y: last.y, width: last.width, height: last.height)
            switch last.dispose {
            case .none: break
            case .background: clear(area)
            case .previous: if let saved { copy(area, from: saved) }
            }
        }
        saved = nil
        if frame.dispose == .previous {
            do {
                saved = try canvas.cropped(to: PixelRect(x: 0, y: 0, width: canvas.width, height: canvas.height))
            } catch { throw .processingFailed(error.description) }
        }
        let png = framePNG(frame)
        let pixels = try png.withUnsafeBytes { buffer in
            Result { () throws(DecodeFailure.Reason) -> PixelBuffer in try decodePNG(buffer) }
        }.get()
        guard pixels.width == frame.width, pixels.height == frame.height else {
            throw .corrupt(format: "PNG", detail: "frame \(index + 1) decoded at another size")
        }
        composite(pixels, at: frame.x, frame.y, over: frame.blend == .over)
    }

    /// The PNG of `frame` alone: the signature, the file's IHDR at the frame's size, the shared chunks, one IDAT of
    /// the frame's image data, IEND.
    private func framePNG(_ frame: APNGScan.Frame) -> [UInt8] {
        var ihdr = Array("IHDR".utf8) + Self.bigEndian(frame.width) + Self.bigEndian(frame.height)
        ihdr += bytes[24..<29]
        var png = APNGScan.signature + Self.chunk(ihdr)
        for shared in scan.sharedChunks { png += bytes[shared] }
        png += Self.chunk(Array("IDAT".utf8) + APNGScan.imageData(of: frame, in: bytes))
        return png + Self.chunk(Array("IEND".utf8))
    }

    /// A chunk of `body` (its type and data): the data's length before it, the CRC after.
    private static func chunk(_ body: [UInt8]) -> [UInt8] {
        bigEndian(body.count - 4) + body + bigEndian(Int(ShotMark.crc32(body)))
    }

    /// `value`'s low 32 bits, big-endian.
    private static func bigEndian(_ value: Int) -> [UInt8] {
        [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
    }

    /// Sets `area` of the canvas to transparent black.
    private func clear(_ area: PixelRect) {
        for y in area.y..<(area.y + area.height) {
            (canvas.row(y) + area.x * 4).initializeMemory(as: UInt32.self, repeating: 0, count: area.width)
        }
    }

    /// Copies `area` of `source` (a canvas-sized buffer) onto the canvas.
    private func copy(_ area: PixelRect, from source: PixelBuffer) {
        for y in area.y..<(area.y + area.height) {
            (canvas.row(y) + area.x * 4).copyMemory(from: source.row(y) + area.x * 4, byteCount: area.width * 4)
        }
    }

    /// Draws `pixels` onto the canvas with its top left at (`left`, `top`): replacing what is there, or composited
    /// over it (straight alpha both sides, rounded).
    private func composite(_ pixels: PixelBuffer, at left: Int, _ top: Int, over: Bool) {
        let opaque = pixels.format.isOpaque
        for y in 0..<pixels.height {
            let source = pixels.row(y).assumingMemoryBound(to: UInt32.self)
            let target = (canvas.row(top + y) + left * 4).assumingMemoryBound(to: UInt32.self)
            for x in 0..<pixels.width {
                let word = opaque ? source[x] | 0xFF00_0000 : source[x]
                target[x] = over ? Self.over(word, target[x]) : word
            }
        }
    }

    /// `top` composited over `bottom`, both straight ARGB words (the PNG specification's "over", at 8 bits).
    static func over(_ top: UInt32, _ bottom: UInt32) -> UInt32 {
        let alpha = top >> 24
        if alpha == 255 { return top }
        if alpha == 0 { return bottom }
        let below = (bottom >> 24) * (255 - alpha)
        let total = alpha * 255 + below
        var result = ((total + 127) / 255) << 24
        for shift: UInt32 in [16, 8, 0] {
            let value = ((top >> shift) & 0xFF) * alpha * 255 + ((bottom >> shift) & 0xFF) * below
            result |= ((value + total / 2) / total) << shift
        }
        return result
    }
}
