import Foundation
import GalleryCore
import GalleryTesting
import Glibc
import Imaging
import Support
import Testing

@testable import DecoderProcess

extension SDLSerializedTests {
    /// The I panel's EXIF is parsed in a decoder process (libexif, sandboxed), never in the viewer: it crosses as a
    /// fixed record whose numbers the viewer holds to their ranges.
    @Suite struct PhotoDetailsRecordTests {
        @Test @MainActor func theDetailsOfAPhotoComeFromADecoderProcess() throws {
            let folder = try TemporaryDirectory()
            let jpeg = PhotoDetailsPanelTests.cameraExif.inserted(
                into: JPEGFixture.rgb(width: 64, height: 48) { _, _ in RGBA(r: 90, g: 140, b: 200) })
            let photo = try folder.write(jpeg, to: "london.jpg")
            let pool = DecoderPoolTests.pool()
            defer { pool.shutdown() }
            let sent = LockedState(0)
            pool.afterSending = { _ in sent.withLock { $0 += 1 } }
            let details = ProcessDecoding.details(path: photo, pool: pool)
            #expect(sent.withLock { $0 } == 1)
            #expect(
                details?.panelLines == [
                    "taken     2023-05-14 18:42:07", "camera    FUJIFILM X-T4", "lens      XF35mmF1.4 R",
                    "exposure  1/250 s · f/2.8 · ISO 200 · 35 mm", "GPS       51.50072° N, 0.12460° W",
                    "map       Ctrl+O opens it",
                    "file size \(PhotoDetails(fileBytes: jpeg.count).panelLines[0].dropFirst(10))",
                ])
            // A decoder that cannot be asked: the file size alone, which the viewer knows from its own fstat.
            pool.shutdown()
            #expect(ProcessDecoding.details(path: photo, pool: pool) == PhotoDetails(fileBytes: jpeg.count))
        }

        @Test func aRecordRoundTrips() throws {
            var details = PhotoDetails(
                taken: "2023:05:14 18:42:07", make: "FUJIFILM", model: "X-T4", lens: "XF35mmF1.4 R",
                exposureSeconds: 0.004, fNumber: 2.8, iso: 200, focalLength: 35)
            details.location = (51.5007, -0.1246)
            details.altitude = -12.5
            let record = PhotoDetailsRecord.encoded(details)
            #expect(record.count == PhotoDetailsRecord.byteCount)
            var expected = details
            expected.fileBytes = 1234
            #expect(PhotoDetailsRecord.decoded(record, fileBytes: 1234) == expected)
            #expect(PhotoDetailsRecord.decoded(Array(record.dropLast()), fileBytes: 1) == nil)
            #expect(PhotoDetailsRecord.decoded([UInt8](repeating: 0, count: record.count), fileBytes: 1) == nil)
        }

        @Test(
            "a number out of its range is left out, as a field the photo does not state",
            arguments: [
                (Double.nan, 2.8, 35.0, 51.5, 0.1, 200),
                (1e300, 2.8, 35, 51.5, 0.1, 200),
                (0.004, -1, 35, 51.5, 0.1, 200),
                (0.004, 2.8, .infinity, 51.5, 0.1, 200),
                (0.004, 2.8, 35, 91, 0.1, 200),
                (0.004, 2.8, 35, 51.5, -181, 200),
                (0.004, 2.8, 35, 51.5, 0.1, Int.max),
                (0.004, 2.8, 35, 51.5, 0.1, -5),
            ] as [(Double, Double, Double, Double, Double, Int)])
        func outOfRange(exposure: Double, fNumber: Double, focal: Double, latitude: Double, longitude: Double, iso: Int)
            throws
        {
            var details = PhotoDetails(exposureSeconds: exposure, fNumber: fNumber, iso: iso, focalLength: focal)
            details.location = (latitude, longitude)
            let decoded = try #require(PhotoDetailsRecord.decoded(PhotoDetailsRecord.encoded(details), fileBytes: 1))
            let kept = [
                decoded.exposureSeconds != nil, decoded.fNumber != nil, decoded.focalLength != nil,
                decoded.location != nil, decoded.iso != nil,
            ]
            #expect(kept.filter { !$0 }.count == 1, "\(kept)")
            // Whatever is left draws (no trap on the panel's arithmetic).
            _ = decoded.panelLines
        }

        @Test func aTextIsCutTo64Bytes() throws {
            let long = String(repeating: "é", count: 100)
            let decoded = try #require(
                PhotoDetailsRecord.decoded(PhotoDetailsRecord.encoded(PhotoDetails(make: long)), fileBytes: nil))
            #expect(decoded.make == String(repeating: "é", count: 32))
        }
    }
}
