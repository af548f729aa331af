import CSDL2
import Foundation
import ImageLoader
import Testing

@testable import Gallery
@testable import ImageDecoders
@testable import Imaging

extension SDLSerializedTests {
    @Suite struct ImageDecoderTests {
        static let boxes = [
            PixelSize(width: 640, height: 360), PixelSize(width: 300, height: 500),
            PixelSize(width: 1500, height: 1500),
        ]

        init() throws {
            try SDLTestSession.start()
        }

        @Test func photosAreBundled() {
            #expect(BundledPhotos.paths.count >= 12)
        }

        /// Each photo decodes to the exact aspect-fit size (computed here independently, in floating point), as an
        /// opaque ARGB8888 surface whose average colour matches the full-size original (so scaling kept the content).
        @Test(arguments: BundledPhotos.paths, boxes)
        func photoDecodesFittedIntoTheBox(path: String, box: PixelSize) throws {
            let original = DecodedPicture(pixels: try ImageLoader.load(path: path))
            let scale = min(Double(box.width) / Double(original.width), Double(box.height) / Double(original.height))
            let expected = PixelSize(
                width: Int((Double(original.width) * scale).rounded()),
                height: Int((Double(original.height) * scale).rounded()))

            let decoded = try ImageDecoder().decode(.file(path: path), fitting: box)

            #expect(decoded.size == expected)
            #expect(decoded.hasStandardFormat)
            #expect(decoded.isOpaque)
            let originalMean = Self.meanColour(of: original)
            let decodedMean = Self.meanColour(of: decoded)
            for channel in 0..<3 {
                #expect(
                    abs(originalMean[channel] - decodedMean[channel]) < 3,
                    "channel \(channel): \(originalMean[channel]) vs \(decodedMean[channel])")
            }
        }

        @Test func decodingNeverWritesToThePhotoFolder() throws {
            let before = try FileManager.default.contentsOfDirectory(atPath: BundledPhotos.directory.path).sorted()
            for path in BundledPhotos.paths.prefix(2) {
                _ = try ImageDecoder().decode(.file(path: path), fitting: PixelSize(width: 100, height: 100))
            }
            let after = try FileManager.default.contentsOfDirectory(atPath: BundledPhotos.directory.path).sorted()
            #expect(before == after)
        }

        /// A kind of bad input, written into a fresh temporary directory, and the reason it must give.
        enum BadInput: String, CaseIterable {
            case missing, zeroBytes, textRenamedJPEG, corruptJPEG, directory, hugePNGHeader, corruptPNG

            /// Creates the input in `directory` and returns its path.
            func make(in directory: TemporaryDirectory) throws -> String {
                switch self {
                case .missing:
                    return directory.path("no-such-photo.jpg")
                case .zeroBytes:
                    return try directory.write([], to: "empty.jpg")
                case .textRenamedJPEG:
                    return try directory.write(Array("Dear diary, this is not a photo.\n".utf8), to: "notes.jpg")
                case .corruptJPEG:
                    // JPEG start-of-image and an APP0 marker, then fixed noise where the segments should be.
                    let noise = (0..<4096).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 11) }
                    return try directory.write([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + noise, to: "corrupt.jpg")
                case .directory:
                    let path = directory.path("album.jpg")
                    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
                    return path
                case .hugePNGHeader:
                    // A valid PNG signature and IHDR chunk declaring 40000 × 30000 pixels, and nothing else.
                    return try directory.write(Self.pngHeader(width: 40_000, height: 30_000), to: "huge.png")
                case .corruptPNG:
                    return try directory.write(Self.pngHeader(width: 64, height: 64) + [0, 0, 0, 0], to: "cut.png")
                }
            }

            /// Whether `reason` is the one this input must produce.
            func matches(_ reason: DecodeFailure.Reason) -> Bool {
                switch (self, reason) {
                case (.missing, .missingFile), (.zeroBytes, .emptyFile), (.textRenamedJPEG, .unrecognisedFormat),
                    (.directory, .notAFile):
                    return true
                case (.corruptJPEG, .corrupt(let format, let detail)):
                    return format == "JPEG" && !detail.isEmpty
                case (.corruptPNG, .corrupt(let format, let detail)):
                    return format == "PNG" && !detail.isEmpty
                case (.hugePNGHeader, .tooLarge(let size)):
                    return size == PixelSize(width: 40_000, height: 30_000)
                default:
                    return false
                }
            }

            /// The first 33 bytes of a PNG: signature and an IHDR chunk (8-bit RGB) for `width` × `height`.
            static func pngHeader(width: UInt32, height: UInt32) -> [UInt8] {
                func bigEndian(_ value: UInt32) -> [UInt8] {
                    (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) }
                }
                return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + bigEndian(13) + Array("IHDR".utf8)
                    + bigEndian(width) + bigEndian(height) + [8, 2, 0, 0, 0] + [0, 0, 0, 0]
            }
        }

        @Test(arguments: BadInput.allCases)
        func badInputFailsWithAClearReason(input: BadInput) throws {
            let directory = try TemporaryDirectory()
            let path = try input.make(in: directory)

            let failure = #expect(throws: DecodeFailure.self) {
                try ImageDecoder().decode(.file(path: path), fitting: PixelSize(width: 320, height: 240))
            }

            let reason = try #require(failure?.reason)
            #expect(input.matches(reason), "\(input): got \(reason)")
            #expect(failure?.source == .file(path: path))
            #expect(failure?.description.hasPrefix(URL(fileURLWithPath: path).lastPathComponent + ": ") == true)
        }

        /// PNM has no size check before decoding, so the limit is enforced on the decoded surface.
        @Test func imagesOverTheLimitFailAfterLoadingWhenTheHeaderIsUnknown() throws {
            let directory = try TemporaryDirectory()
            let path = try directory.write(
                Array("P6\n300 20\n255\n".utf8) + [UInt8](repeating: 200, count: 300 * 20 * 3),
                to: "wide.ppm")
            let decoder = ImageDecoder(maximumSide: 256)

            let failure = #expect(throws: DecodeFailure.self) {
                try decoder.decode(.file(path: path), fitting: PixelSize(width: 100, height: 100))
            }
            #expect(failure?.reason == .tooLarge(PixelSize(width: 300, height: 20)))
            #expect(
                try ImageDecoder().decode(.file(path: path), fitting: PixelSize(width: 150, height: 150)).size
                    == PixelSize(width: 150, height: 10))
        }

        /// libjpeg fills what is missing with grey and SDL_image keeps the image: the page shows what decoded, at the
        /// full fitted size, rather than an error.
        @Test func truncatedJPEGShowsWhatDecoded() throws {
            let path = try #require(BundledPhotos.paths.first { $0.hasSuffix("05-hubble-deep-field.jpg") })
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            let directory = try TemporaryDirectory()
            let truncated = try directory.write(Array(bytes.prefix(bytes.count * 2 / 5)), to: "half.jpg")
            let box = PixelSize(width: 400, height: 400)

            let complete = try ImageDecoder().decode(.file(path: path), fitting: box)
            let partial = try ImageDecoder().decode(.file(path: truncated), fitting: box)

            #expect(partial.size == complete.size)
            #expect(partial.pixel(x: partial.width / 2, y: partial.height - 1) == RGBA(r: 128, g: 128, b: 128))
            #expect(partial.pixel(x: 5, y: 5) == complete.pixel(x: 5, y: 5))
        }

        @Test func pixelCountLimitAppliesToo() throws {
            let path = try #require(BundledPhotos.paths.first)
            let failure = #expect(throws: DecodeFailure.self) {
                try ImageDecoder(maximumPixelCount: 1000).decode(
                    .file(path: path), fitting: PixelSize(width: 10, height: 10))
            }
            guard case .tooLarge = failure?.reason else {
                Issue.record("expected tooLarge, got \(String(describing: failure?.reason))")
                return
            }
        }

        /// Per-channel mean of an ARGB8888 surface, read straight from memory (per-pixel calls are slow in debug).
        static func meanColour(of surface: DecodedPicture) -> [Double] {
            var sums = [0, 0, 0]
            for y in 0..<surface.height {
                let row = surface.pixels.row(y).assumingMemoryBound(to: UInt32.self)
                for x in 0..<surface.width {
                    sums[0] += Int(row[x] >> 16 & 0xFF)
                    sums[1] += Int(row[x] >> 8 & 0xFF)
                    sums[2] += Int(row[x] & 0xFF)
                }
            }
            return sums.map { Double($0) / Double(surface.width * surface.height) }
        }
    }
}
