import Foundation
import GalleryCore
import GalleryCoreTesting
import GalleryTesting
import Imaging
import Support
import Testing

@testable import Gallery
@testable import GalleryScene

/// What Ctrl+C puts on the clipboard and Ctrl+O hands `xdg-open`: an absolute path, and never a name with control
/// characters. Found before: Ctrl+C put raw newlines and escape sequences on the clipboard (a terminal runs them when
/// pasted), and Ctrl+O handed `--help.jpg`, `file:/etc/passwd.jpg` and `x:y.jpg` to xdg-open as given.
extension SDLSerializedTests {
    @Suite("Copy and open a photo's path")
    @MainActor struct CopyAndOpenPathTests {
        /// A controller showing `names` (JPEGs written into a new folder), its clipboard recording what it is given.
        static func gallery(_ names: [String]) throws -> (GalleryController, TemporaryDirectory, Box) {
            try SDLTestSession.start()
            let folder = try TemporaryDirectory()
            let jpeg = JPEGFixture.rgb(width: 16, height: 16) { _, _ in .white }
            let photos = try names.map { try folder.write(jpeg, to: $0) }
            let worker = DecodeWorker(threadCount: 1, wakeEventType: nil)
            let copied = Box()
            var services = GalleryServices()
            services.clipboard = copied
            let gallery = try GalleryController(
                library: PageLibrary(photos: PhotoIndex(photos: photos.map { PhotoEntry(path: $0) })),
                mode: .bounded, renderer: try Renderer(target: try Surface(width: 320, height: 240, opaque: true)),
                worker: worker, thumbnailWorker: DecodeWorker(threadCount: 1, wakeEventType: nil), services: services)
            return (gallery, folder, copied)
        }

        /// A clipboard recording the paths it is given.
        final class Box: ClipboardService {
            var texts: [String] = []

            func copy(_ file: ClipboardFile, wake: @escaping @Sendable () -> Void) -> String {
                texts.append(file.path)
                return "copied"
            }

            func takeNotices() -> [String] { [] }
        }

        @Test("a name with a newline or an escape sequence is not copied, and the window says why")
        func controlCharactersAreNotCopied() throws {
            for name in ["a\nrm -rf ~\n.jpg", "b\u{1B}]0;x\u{07}.jpg", "c\u{9B}31m.jpg"] {
                let (gallery, folder, copied) = try Self.gallery([name])
                gallery.perform(.copyPath, at: 0.1)
                #expect(copied.texts.isEmpty, "\(copied.texts)")
                #expect(gallery.model.overlays.notice == "Ctrl+C: the name holds control characters: not copied")
                withExtendedLifetime(folder) {}
            }
        }

        @Test("a plain name is copied as its absolute path")
        func plainNameIsCopiedAbsolute() throws {
            let (gallery, folder, copied) = try Self.gallery(["plain photo.jpg"])
            gallery.perform(.copyPath, at: 0.1)
            #expect(copied.texts == [folder.path("plain photo.jpg")])
        }

        @Test(
            "a relative name is made absolute: never an option or a URI to the program it goes to",
            arguments: ["--help.jpg", "file:/etc/passwd.jpg", "x:y.jpg", "./a.jpg", "-"])
        func relativeNamesAreMadeAbsolute(name: String) {
            let absolute = FileSystem.absolutePath(name)
            #expect(absolute.hasPrefix("/"))
            let relative = name.hasPrefix("./") ? String(name.dropFirst(2)) : name
            #expect(absolute == FileManager.default.currentDirectoryPath + "/" + relative)
            #expect(FileSystem.absolutePath("/already/absolute.jpg") == "/already/absolute.jpg")
        }
    }
}
