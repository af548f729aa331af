import CSDL2

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
    init?(bytes: [UInt8]) {
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

    /// `loaded` (what SDL_image's PNG loader returned for this file) with its transparency as the file states it.
    func repaired(_ loaded: Surface) throws(SDLError) -> Surface {
        guard transparency != nil else { return loaded }
        let format = loaded.handle.pointee.format.pointee
        if colourType == 0, format.BytesPerPixel == 2 {
            return try loaded.expandingGreyAlpha()
        }
        if colourType == 2, bitDepth == 16, let samples = transparency, samples.count >= 6,
            SDL_HasColorKey(loaded.handle) == SDL_TRUE
        {
            // The loader keeps each sample's high byte: key the colour the pixels actually hold.
            let key = SDL_MapRGB(loaded.handle.pointee.format, samples[0], samples[2], samples[4])
            try SDLError.check(SDL_SetColorKey(loaded.handle, 1, key), "SDL_SetColorKey")
        }
        return loaded
    }
}
