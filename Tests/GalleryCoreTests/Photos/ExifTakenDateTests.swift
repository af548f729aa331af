import GalleryCoreTesting
import Support
import Testing

@Suite("The date taken, read from a file's first bytes for --sort taken")
struct ExifTakenDateTests {
    /// A JPEG as far as the reader looks: start of image, an APP0, the APP1, then image data.
    static func jpeg(_ exif: ExifFixture?) -> [UInt8] {
        let app0: [UInt8] = [0xFF, 0xE0, 0, 16] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
        return [0xFF, 0xD8] + app0 + (exif?.app1 ?? []) + [0xFF, 0xDA, 0, 2] + [UInt8](repeating: 0x55, count: 64)
    }

    @Test("DateTimeOriginal in either byte order, behind a JFIF segment", arguments: [false, true])
    func readsBothByteOrders(littleEndian: Bool) {
        var exif = ExifFixture(taken: "2021:07:04 09:30:00", littleEndian: littleEndian)
        exif.make = "Canon"
        exif.model = "Canon EOS 5D Mark IV"
        exif.exposureTime = (1, 250)
        #expect(ExifTakenDate.text(inHead: Self.jpeg(exif)) == "2021:07:04 09:30:00")
        // A TIFF file (DNG and most RAW formats) holds the same directories from its first byte.
        #expect(ExifTakenDate.text(inHead: exif.tiff) == "2021:07:04 09:30:00")
    }

    @Test("no EXIF, no date; nor when the data is cut short or not a photo")
    func none() {
        #expect(ExifTakenDate.text(inHead: Self.jpeg(nil)) == nil)
        #expect(ExifTakenDate.text(inHead: Self.jpeg(ExifFixture())) == nil)
        let whole = Self.jpeg(ExifFixture(taken: "2021:07:04 09:30:00"))
        for cut in stride(from: 0, to: whole.count - 80, by: 7) {
            #expect(ExifTakenDate.text(inHead: Array(whole.prefix(cut))) == nil)
        }
        #expect(ExifTakenDate.text(inHead: Array("GIF89a".utf8) + [UInt8](repeating: 0, count: 40)) == nil)
    }
}
