import Gallery
import GalleryCore
import Glibc

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A folder of files made to break the image pipeline, as the pipeline tests make them: a header claiming an enormous
/// size in every format, files far too short for the size they claim (the 22-byte QOI and 58-byte TGA), a
/// truncated JPEG, an Adobe CMYK JPEG, the eight EXIF orientations and a bogus one, empty,
/// noise and text files with image names, a FIFO and a dangling link named like photos, and one sound photo.
package enum HostileCorpus {
    /// The names of the files `write(into:)` makes.
    package static let fileNames: [String] =
        HostileHeader.allCases.map(\.fileName) + [
            "truncated.jpg", "cmyk.jpg", "orientation-bogus.jpg", "soi-only.jpg", "empty.png", "noise.gif", "text.jpg",
            "pipe.jpg", "dangling.png", "sound.jpg", "short-claim.qoi", "short-claim.tga",
        ] + (1...8).map { "orientation-\($0).jpg" }

    /// Writes the corpus into `folder` (which must exist and should be a fresh temporary one, never a photo folder).
    package static func write(into folder: String) throws {
        func write(_ bytes: [UInt8], _ name: String) throws {
            try Data(bytes).write(to: URL(fileURLWithPath: folder + "/" + name))
        }
        for header in HostileHeader.allCases { try write(header.bytes, header.fileName) }
        let picture = JPEGFixture.rgb(width: 160, height: 120, JPEGFixture.quadrants(width: 160, height: 120))
        try write(Array(picture.prefix(picture.count / 3)), "truncated.jpg")
        try write(
            JPEGFixture.adobeCMYK(width: 64, height: 48, JPEGFixture.quadrants(width: 64, height: 48)), "cmyk.jpg")
        for orientation in 1...8 {
            try write(JPEGFixture.withOrientation(orientation, picture), "orientation-\(orientation).jpg")
        }
        try write(JPEGFixture.withOrientation(200, picture), "orientation-bogus.jpg")
        try write([0xFF, 0xD8], "soi-only.jpg")
        try write([], "empty.png")
        var random = SplitMix64(seed: 9)
        try write((0..<4096).map { _ in UInt8.random(in: 0...255, using: &random) }, "noise.gif")
        try write(Array("Not a photo: just a note someone saved with the wrong name.\n".utf8), "text.jpg")
        guard mkfifo(folder + "/pipe.jpg", 0o600) == 0 else { throw CocoaError(.fileWriteUnknown) }
        guard symlink(folder + "/missing.png", folder + "/dangling.png") == 0 else {
            throw CocoaError(.fileWriteUnknown)
        }
        try write(picture, "sound.jpg")
        // Header and end marker only, claiming 10000 × 10000 (SDL_image allocated 400 MB for it and showed black).
        try write(
            Array("qoif".utf8) + [0, 0, 0x27, 0x10, 0, 0, 0x27, 0x10, 4, 0, 0, 0, 0, 0, 0, 0, 0, 1], "short-claim.qoi")
        // An RLE true-colour header claiming 10000 × 10000, then ten packets.
        try write(
            [0, 0, 10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10, 0x27, 0x10, 0x27, 24, 0x20]
                + Array([[UInt8]](repeating: [0xFF, 1, 2, 3], count: 10).joined()), "short-claim.tga")
    }
}
