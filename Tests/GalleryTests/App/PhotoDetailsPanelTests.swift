import Foundation
import GalleryCore
import GalleryCoreTesting
import GalleryTesting
import Imaging
import Support
import Testing

@testable import Gallery
@testable import GalleryScene

/// The information panel's details (date taken, camera, lens, exposure, place, file size), read from the photo shown
/// off the main thread, checked on the controller's panel lines without pixels.
extension SDLSerializedTests {
    @Suite("Photo details in the information panel")
    @MainActor struct PhotoDetailsPanelTests {
        /// A camera's EXIF: a London photo at 1/250 s, f/2.8, ISO 200, 35 mm.
        static var cameraExif: ExifFixture {
            var exif = ExifFixture(taken: "2023:05:14 18:42:07")
            exif.make = "FUJIFILM"
            exif.model = "X-T4"
            exif.lens = "XF35mmF1.4 R"
            exif.exposureTime = (1, 250)
            exif.fNumber = (28, 10)
            exif.iso = 200
            exif.focalLength = (35, 1)
            exif.latitude = ("N", [(51, 1), (30, 1), (2_592, 1000)])
            exif.longitude = ("W", [(0, 1), (7, 1), (28_560, 1000)])
            return exif
        }

        @Test("the I panel shows the EXIF and the file size of the photo shown, read off the main thread")
        func panelShowsExif() throws {
            try SDLTestSession.start()
            let folder = try TemporaryDirectory()
            let jpeg = Self.cameraExif.inserted(
                into: JPEGFixture.rgb(width: 64, height: 48) { _, _ in RGBA(r: 90, g: 140, b: 200) })
            let photo = try folder.write(jpeg, to: "london.jpg")
            let plain = try folder.write(
                JPEGFixture.rgb(width: 40, height: 30) { _, _ in RGBA(r: 9, g: 9, b: 9) }, to: "plain.jpg")
            PhotoFileAccess.slowDown(folder: folder.url.path) {}
            defer { PhotoFileAccess.restore(folder: folder.url.path) }
            let target = try Surface(width: 320, height: 240, opaque: true)
            let worker = DecodeWorker(threadCount: 1, wakeEventType: nil)
            defer { worker.shutdown() }
            let gallery = try GalleryController(
                library: PageLibrary(photos: PhotoIndex(photos: [PhotoEntry(path: photo), PhotoEntry(path: plain)])),
                mode: .bounded, renderer: try Renderer(target: target), worker: worker,
                thumbnailWorker: DecodeWorker(threadCount: 1, wakeEventType: nil))
            #expect(gallery.overlayState.panel == nil)
            gallery.perform(.toggleInfoPanel, at: 0.1)
            gallery.waitForDetails()
            let lines = try #require(gallery.overlayState.panel)
            let expected = [
                "taken     2023-05-14 18:42:07", "camera    FUJIFILM X-T4", "lens      XF35mmF1.4 R",
                "exposure  1/250 s · f/2.8 · ISO 200 · 35 mm", "GPS       51.50072° N, 0.12460° W",
                "map       Ctrl+O opens it",
                "file size \(PhotoDetails(fileBytes: jpeg.count).panelLines[0].dropFirst(10))",
            ]
            let start = try #require(lines.firstIndex { $0.hasPrefix("taken") }, "\(lines)")
            #expect(Array(lines[start..<start + expected.count]) == expected, "\(lines)")
            // The next photo has no EXIF: its file size alone.
            gallery.perform(.next, at: 0.2)
            gallery.advance(to: 3)
            gallery.waitForDetails()
            let next = try #require(gallery.overlayState.panel)
            #expect(!next.contains { $0.hasPrefix("taken") || $0.hasPrefix("camera") }, "\(next)")
            #expect(
                next.contains { $0.hasPrefix("file size ") && $0.hasSuffix("bytes") || $0.hasSuffix("kB") }, "\(next)")
            let threads = PhotoFileAccess.accesses(inFolder: folder.url.path).threads
            #expect(!threads.isEmpty && !threads.contains(PhotoFileAccess.currentThread))
        }

        @Test("a PNG's eXIf chunk and a TIFF structure give details too")
        func otherContainers() {
            let exif = Self.cameraExif
            let tiff = exif.tiff
            #expect(
                PhotoDetailsReader.exifBlock(in: tiff).map { $0.withUnsafeBytes(PhotoDetailsReader.parse) }?.model
                    == "X-T4")
            var chunk = [UInt8]()
            let length = UInt32(tiff.count)
            chunk += [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]
            chunk += Array("eXIf".utf8) + tiff + [0, 0, 0, 0]
            let png = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk
            let details = PhotoDetailsReader.exifBlock(in: png).map { $0.withUnsafeBytes(PhotoDetailsReader.parse) }
            #expect(details?.taken == "2023:05:14 18:42:07")
            #expect(details?.iso == 200)
        }
    }
}
