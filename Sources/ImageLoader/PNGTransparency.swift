import CSDLImage
import Imaging

/// A PNG's `tRNS` facts, read from its chunks, and the repair of what SDL_image 2.6 makes of them.
///
/// SDL_image expands a greyscale PNG with `tRNS` (any bit depth) to grey + alpha, two bytes a pixel, but labels the
/// surface RGB565 with a colour key: converted as RGB565 those bytes gave PngSuite's `tbbn0g04.png` a yellow cube on
/// blue. And for 16-bit RGB it sets the colour key from the low bytes of the `tRNS` samples while the pixels keep the
/// high ones, so the keyed colour never matches. Palette and 8-bit RGB `tRNS` come out right and are left alone.
struct PNGTransparency: Equatable {
    /// IHDR's bit depth.
    var bitDepth: Int
    /// IHDR's colour type (0 grey, 2 RGB, 3 palette, 4 grey + alpha, 6 RGBA).
    var colourType: Int
    /// The `tRNS` chunk's data, if the file has one before its image data.
    var transparency: [UInt8]?

    /// Reads IHDR and any `tRNS` before the first IDAT; nil when `bytes` is not a PNG with an IHDR.
    init?(bytes: UnsafeRawBufferPointer) {
        guard bytes.count >= 33, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
            bytes[12..<16].elementsEqual("IHDR".utf8)
        else { return nil }
        bitDepth = Int(bytes[24])
        colourType = Int(bytes[25])
        var position = 8
        // Chunk: length (4), type (4), data, CRC (4). Real files have a handful before IDAT.
        for _ in 0..<4096 {
            guard position + 8 <= bytes.count else { break }
            let length = bytes[position..<position + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = bytes[position + 4..<position + 8]
            if type.elementsEqual("IDAT".utf8) || type.elementsEqual("IEND".utf8) { break }
            let data = position + 8
            guard length >= 0, data + length <= bytes.count else { break }
            if type.elementsEqual("tRNS".utf8) {
                transparency = Array(bytes[data..<data + length])
                break
            }
            position = data + length + 4
        }
    }

    /// The pixels of `loaded` (what SDL_image's PNG loader returned for this file) when it holds grey + alpha, two
    /// bytes a pixel, whatever format SDL labels it with: expanded to ARGB8888, blending with its alpha. Nil otherwise.
    func expandedGreyAlpha(_ loaded: UnsafeMutablePointer<SDL_Surface>) throws(DecodeFailure.Reason) -> PixelBuffer? {
        guard transparency != nil, colourType == 0, loaded.pointee.format.pointee.BytesPerPixel == 2 else { return nil }
        let width = Int(loaded.pointee.w), height = Int(loaded.pointee.h)
        let result: PixelBuffer
        do { result = try PixelBuffer(width: width, height: height, format: .argb8888) } catch {
            throw .processingFailed(error.description)
        }
        let pitch = Int(loaded.pointee.pitch)
        let source = UnsafeRawPointer(loaded.pointee.pixels!)
        for y in 0..<height {
            let row = source + y * pitch
            let out = result.row(y).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let grey = UInt32(row.load(fromByteOffset: 2 * x, as: UInt8.self))
                let alpha = UInt32(row.load(fromByteOffset: 2 * x + 1, as: UInt8.self))
                out[x] = alpha << 24 | grey << 16 | grey << 8 | grey
            }
        }
        return result
    }

    /// Keys `loaded`'s 16-bit RGB pixels with the colour they actually hold: the loader keeps each `tRNS` sample's
    /// high byte in the pixels but keys the low one.
    func rekey(_ loaded: UnsafeMutablePointer<SDL_Surface>) {
        guard colourType == 2, bitDepth == 16, let samples = transparency, samples.count >= 6,
            SDL_HasColorKey(loaded) == SDL_TRUE
        else { return }
        let key = SDL_MapRGB(loaded.pointee.format, samples[0], samples[2], samples[4])
        SDL_SetColorKey(loaded, 1, key)
    }
}
