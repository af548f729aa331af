import CGif
import Glibc
import Imaging

/// An animated GIF's frames through giflib, read record by record and composited onto one canvas as they are asked for:
/// local or global palette, the transparent index, disposal methods 0–3 (3 restores a saved copy of the canvas),
/// interlaced rows, frames partly or wholly outside the logical screen (clipped: a frame is read a row at a time, so
/// a frame stating a huge size allocates one row). Memory is the canvas, the saved canvas when a frame restores to the
/// previous, one row and the file's bytes, whatever the frame count; looping reads the bytes again from the start.
final class GIFFrames: AnimationFrameSource {
    /// The logical screen: the canvas size.
    let screen: PixelSize
    /// Makes a frame of the canvas (fitting it to the page): the canvas itself is reused and must be copied.
    private let finish: (PixelBuffer) throws(DecodeFailure.Reason) -> PixelBuffer
    /// The file's bytes and the read position giflib's callback advances.
    private let reader: Reader
    /// giflib's decoder, reading from `reader`.
    private var gif: UnsafeMutablePointer<GifFileType>?
    /// The composited canvas, straight ARGB (transparent where no frame has drawn).
    private let canvas: PixelBuffer
    /// The canvas before the last frame, for a frame whose disposal restores the previous picture.
    private var saved: PixelBuffer?
    /// The index of the next frame to composite.
    private var next = 0
    /// What the last frame composited asks for before the next one: its disposal and its rectangle on the screen.
    private var pendingDisposal: (method: Int, area: PixelRect?)?
    /// One row of palette indices, as wide as the widest frame so far.
    private var line: [GifPixelType] = []

    /// Frames of the GIF in `bytes` (copied), each handed to `finish` as the composited canvas.
    convenience init(
        bytes: UnsafeRawBufferPointer, finish: @escaping (PixelBuffer) throws(DecodeFailure.Reason) -> PixelBuffer
    ) throws(DecodeFailure.Reason) {
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 16)
        if let base = bytes.baseAddress { copy.baseAddress!.copyMemory(from: base, byteCount: bytes.count) }
        let count = bytes.count
        let reader = Reader(
            fetch: { offset, wanted, out in
                let length = max(0, min(wanted, count - offset))
                if length > 0 { out.copyMemory(from: copy.baseAddress! + offset, byteCount: length) }
                return length
            }, release: { copy.deallocate() })
        try self.init(reader: reader, finish: finish)
    }

    /// Frames of the GIF in the open `file`, read a window at a time (never held whole), each handed to `finish`.
    convenience init(
        file: ImageFile, finish: @escaping (PixelBuffer) throws(DecodeFailure.Reason) -> PixelBuffer
    ) throws(DecodeFailure.Reason) {
        let bytes = FileBytes(file)
        try self.init(reader: Reader(fetch: { bytes.copy(at: $0, count: $1, to: $2) }, release: {}), finish: finish)
    }

    /// Frames of the GIF `reader` reads.
    private init(reader: Reader, finish: @escaping (PixelBuffer) throws(DecodeFailure.Reason) -> PixelBuffer)
        throws(DecodeFailure.Reason)
    {
        self.reader = reader
        self.finish = finish
        gif = try Self.open(reader)
        let width = Int(gif!.pointee.SWidth)
        let height = Int(gif!.pointee.SHeight)
        screen = PixelSize(width: width, height: height)
        do {
            canvas = try PixelBuffer(width: max(width, 1), height: max(height, 1), format: .argb8888)
        } catch {
            Self.close(gif)
            throw .processingFailed(error.description)
        }
        Self.clear(canvas, PixelRect(x: 0, y: 0, width: canvas.width, height: canvas.height))
    }

    deinit { Self.close(gif) }

    func frame(_ index: Int) throws(DecodeFailure.Reason) -> PixelBuffer {
        guard index >= 0 else { throw .processingFailed("no frame \(index)") }
        // The frame just made again, or an earlier one: from the start (`AnimationStream` keeps the frame it handed out).
        if index < next { try restart() }
        while next <= index {
            guard try compositeNext() else {
                throw .corrupt(format: "GIF", detail: "the file has \(next) frames, not \(index + 1)")
            }
        }
        return try finish(canvas)
    }

    /// Reads the file again from its first frame, onto a clear canvas.
    private func restart() throws(DecodeFailure.Reason) {
        Self.close(gif)
        gif = nil
        reader.position = 0
        gif = try Self.open(reader)
        Self.clear(canvas, PixelRect(x: 0, y: 0, width: canvas.width, height: canvas.height))
        next = 0
        pendingDisposal = nil
    }

    /// Applies the last frame's disposal, then reads records up to the next image and composites it; false at the
    /// trailer.
    private func compositeNext() throws(DecodeFailure.Reason) -> Bool {
        guard let gif else { return false }
        var disposal = 0
        var transparent = -1
        while true {
            var type = UNDEFINED_RECORD_TYPE
            try check(DGifGetRecordType(gif, &type), gif)
            switch type {
            case EXTENSION_RECORD_TYPE:
                var code: Int32 = 0
                var block: UnsafeMutablePointer<GifByteType>?
                try check(DGifGetExtension(gif, &code, &block), gif)
                if code == GRAPHICS_EXT_FUNC_CODE, let control = block, control[0] >= 4 {
                    disposal = Int((control[1] >> 2) & 7)
                    transparent = control[1] & 1 != 0 ? Int(control[4]) : -1
                }
                while block != nil { try check(DGifGetExtensionNext(gif, &block), gif) }
            case IMAGE_DESC_RECORD_TYPE:
                try check(DGifGetImageDesc(gif), gif)
                try composite(gif, disposal: disposal, transparent: transparent)
                // giflib keeps each image's description (and palette) in `SavedImages`, growing with the frame count:
                // let them go, and count from zero again.
                GifFreeSavedImages(gif)
                gif.pointee.ImageCount = 0
                next += 1
                return true
            case TERMINATE_RECORD_TYPE:
                return false
            default:
                throw .corrupt(format: "GIF", detail: "a damaged block after frame \(next)")
            }
        }
    }

    /// Composites the image whose description was just read onto the canvas, after the previous frame's disposal.
    private func composite(
        _ gif: UnsafeMutablePointer<GifFileType>, disposal: Int, transparent: Int
    ) throws(DecodeFailure.Reason) {
        if let pending = pendingDisposal, let area = pending.area {
            switch pending.method {
            case 2: Self.clear(canvas, area)
            case 3: if let saved { Self.copy(saved, into: canvas, area) }
            default: break
            }
        }
        let image = gif.pointee.Image
        let left = Int(image.Left), top = Int(image.Top)
        let width = Int(image.Width), height = Int(image.Height)
        let area = ImageDecoder.clip(PixelRect(x: left, y: top, width: width, height: height), to: canvas.size)
        if disposal == 3, let area {
            if saved == nil {
                do { saved = try PixelBuffer(width: canvas.width, height: canvas.height, format: .argb8888) } catch {
                    throw .processingFailed(error.description)
                }
            }
            if let saved { Self.copy(canvas, into: saved, area) }
        }
        pendingDisposal = (disposal, area)
        // The palette: the image's own, else the screen's; a file with neither draws black.
        var colours = [UInt32](repeating: 0xFF00_0000, count: 256)
        if let map = image.ColorMap ?? gif.pointee.SColorMap, let entries = map.pointee.Colors {
            for index in 0..<min(Int(map.pointee.ColorCount), 256) {
                let colour = entries[index]
                colours[index] =
                    0xFF00_0000 | UInt32(colour.Red) << 16 | UInt32(colour.Green) << 8 | UInt32(colour.Blue)
            }
        }
        guard width > 0, height > 0 else { return }
        if line.count < width { line = [GifPixelType](repeating: 0, count: width) }
        let rows = Self.rowOrder(height: height, interlaced: image.Interlace)
        let first = max(0, -left)
        let last = min(width, canvas.width - left)
        try line.withUnsafeMutableBufferPointer { line throws(DecodeFailure.Reason) in
            for row in rows {
                let y = top + row
                if !image.Interlace, y >= canvas.height {
                    // The rows below the screen are never drawn: their data is skipped, not decompressed.
                    try skipImageData(gif)
                    break
                }
                guard DGifGetLine(gif, line.baseAddress, Int32(width)) != GIF_ERROR else {
                    // Data that ends before the frame does: the rows read are drawn, as browsers and SDL_image do.
                    switch gif.pointee.Error {
                    case D_GIF_ERR_EOF_TOO_SOON: try skipImageData(gif)
                    case D_GIF_ERR_IMAGE_DEFECT: break  // Its terminator was read already.
                    default: try check(GIF_ERROR, gif)
                    }
                    break
                }
                guard y >= 0, y < canvas.height, first < last else { continue }
                let out = canvas.row(y).assumingMemoryBound(to: UInt32.self)
                for x in first..<last {
                    let index = Int(line[x])
                    if index != transparent { out[left + x] = colours[index] }
                }
            }
        }
    }

    /// Skips the rest of the image's data sub-blocks, to its terminator.
    private func skipImageData(_ gif: UnsafeMutablePointer<GifFileType>) throws(DecodeFailure.Reason) {
        var block: UnsafeMutablePointer<GifByteType>?
        repeat { try check(DGifGetCodeNext(gif, &block), gif) } while block != nil
    }

    /// The image's rows in the order the file stores them: top to bottom, or the four interlace passes.
    private static func rowOrder(height: Int, interlaced: Bool) -> [Int] {
        guard interlaced else { return Array(0..<height) }
        return [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { start, step in
            Array(stride(from: start, to: height, by: step))
        }
    }

    /// Makes `area` of `buffer` transparent.
    private static func clear(_ buffer: PixelBuffer, _ area: PixelRect) {
        for y in area.y..<(area.y + area.height) {
            memset(buffer.row(y) + area.x * 4, 0, area.width * 4)
        }
    }

    /// Copies `area` of `source` into the same place in `target` (both of one size).
    private static func copy(_ source: PixelBuffer, into target: PixelBuffer, _ area: PixelRect) {
        for y in area.y..<(area.y + area.height) {
            memcpy(target.row(y) + area.x * 4, source.row(y) + area.x * 4, area.width * 4)
        }
    }

    /// Throws giflib's error when `status` is `GIF_ERROR`.
    private func check(_ status: Int32, _ gif: UnsafeMutablePointer<GifFileType>) throws(DecodeFailure.Reason) {
        guard status == GIF_ERROR else { return }
        let message = GifErrorString(gif.pointee.Error).map { String(cString: $0) } ?? "error \(gif.pointee.Error)"
        throw .corrupt(format: "GIF", detail: "frame \(next + 1): \(message)")
    }

    /// giflib's decoder reading from `reader`.
    private static func open(_ reader: Reader) throws(DecodeFailure.Reason) -> UnsafeMutablePointer<GifFileType> {
        var error: Int32 = 0
        let context = Unmanaged.passUnretained(reader).toOpaque()
        guard
            let gif = DGifOpen(
                context,
                { gif, out, count in
                    guard let gif, let out, count > 0 else { return 0 }
                    let reader = Unmanaged<Reader>.fromOpaque(gif.pointee.UserData).takeUnretainedValue()
                    return Int32(reader.read(into: out, count: Int(count)))
                }, &error)
        else {
            let message = GifErrorString(error).map { String(cString: $0) } ?? "error \(error)"
            throw .corrupt(format: "GIF", detail: message)
        }
        return gif
    }

    /// Closes giflib's decoder.
    private static func close(_ gif: UnsafeMutablePointer<GifFileType>?) {
        guard let gif else { return }
        var error: Int32 = 0
        DGifCloseFile(gif, &error)
    }

    /// Where giflib's reads come from (the file, or bytes in memory), and how far it has read.
    final class Reader {
        /// Copies up to `count` bytes at an offset to a pointer; returns how many.
        let fetch: (Int, Int, UnsafeMutableRawPointer) -> Int
        /// Lets go of what `fetch` reads from.
        let release: () -> Void
        var position = 0

        init(fetch: @escaping (Int, Int, UnsafeMutableRawPointer) -> Int, release: @escaping () -> Void) {
            self.fetch = fetch
            self.release = release
        }

        deinit { release() }

        /// Copies up to `count` bytes to `out`; returns how many.
        func read(into out: UnsafeMutablePointer<GifByteType>, count wanted: Int) -> Int {
            let length = fetch(position, wanted, UnsafeMutableRawPointer(out))
            position += length
            return length
        }
    }
}
