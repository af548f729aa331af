import Foundation
import GalleryTesting
import Glibc
import Testing

@testable import ImageLoader
@testable import Imaging

/// Ctrl+C in the real window puts the photo on the X clipboard, read back as another program would: the test starts
/// its own Xvfb (`XvfbDisplay`), opens the gallery in a window there, presses Ctrl+C with xdotool and reads the
/// clipboard with xclip: the picture as `image/png` (by INCR when larger than one request), the file as `text/uri-list`
/// and `x-special/gnome-copied-files`, the path as text. Skipped, saying why, only where those programs are not
/// installed (`make deps` installs them, so CI runs it).
@Suite("Clipboard in the real window")
struct ClipboardWindowTests {
    /// Whether every tool is installed.
    static let toolsInstalled = ["Xvfb", "xdotool", "xclip"].allSatisfy { XvfbDisplay.executable($0) != nil }

    /// The gallery in a window on `display` showing `photos` (a folder), and its window's id; nil, recorded, when no
    /// window appeared.
    static func openGallery(_ photos: String, on display: XvfbDisplay, home: TemporaryDirectory) throws -> (
        process: Process, window: String
    )? {
        let gallery = Process()
        gallery.executableURL = GalleryProcess.executable
        gallery.arguments = ["--software", "--mode", "bounded", photos]
        gallery.environment = ProcessInfo.processInfo.environment.merging([
            "DISPLAY": display.name, "XDG_CACHE_HOME": home.path("cache"), "XDG_DATA_HOME": home.path("data"),
            // X11 only: SDL's offscreen fallback would open no window, and SDL's own error says why.
            "SDL_VIDEODRIVER": "x11",
        ]) { $1 }
        gallery.standardOutput = FileHandle.nullDevice
        gallery.standardError = FileHandle.nullDevice
        try gallery.run()
        let window = try XvfbDisplay.waitFor(seconds: 20) {
            let found = try display.run("xdotool", ["search", "--class", "gallery"])
            return found.output.split(separator: "\n").last.map(String.init)
        }
        guard let window else {
            kill(gallery.processIdentifier, SIGKILL)
            gallery.waitUntilExit()
            Issue.record("no gallery window appeared on \(display.name)")
            return nil
        }
        return (gallery, window)
    }

    /// Presses Ctrl+C in `window` until the clipboard offers the file `uri` (the first presses may come before the
    /// window takes keys); the targets offered then.
    static func copy(in window: String, on display: XvfbDisplay, expecting uri: String) throws -> [String]? {
        try XvfbDisplay.waitFor(seconds: 20) { () -> [String]? in
            _ = try display.run("xdotool", ["key", "--window", window, "ctrl+c"])
            let list = try display.run("xclip", ["-o", "-selection", "clipboard", "-t", "text/uri-list"])
            guard list.status == 0, list.output == uri + "\r\n" else { return nil }
            let targets = try display.run("xclip", ["-o", "-selection", "clipboard", "-t", "TARGETS"])
            return targets.output.split(separator: "\n").map(String.init)
        }
    }

    /// The picture on the clipboard, decoded.
    static func pastedPicture(on display: XvfbDisplay) throws -> PixelBuffer {
        let pasted = try display.runBytes("xclip", ["-o", "-selection", "clipboard", "-t", "image/png"])
        try #require(pasted.status == 0 && !pasted.output.isEmpty, "no image/png pasted")
        return try Array(pasted.output).withUnsafeBytes { bytes in
            Result { () throws(DecodeFailure.Reason) in try ImageLoader.load(.png, bytes) }
        }.get()
    }

    /// `width` × `height` of noise (every byte its own, so the PNG is about as large as the pixels), opaque.
    static func noise(width: Int, height: Int) throws -> PixelBuffer {
        let pixels = try PixelBuffer(width: width, height: height, format: .xrgb8888)
        var state: UInt32 = 2_463_534_242
        pixels.paint { _, _ in
            state ^= state << 13
            state ^= state >> 17
            state ^= state << 5
            return RGBA(
                r: UInt8(truncatingIfNeeded: state), g: UInt8(truncatingIfNeeded: state >> 8),
                b: UInt8(truncatingIfNeeded: state >> 16), a: 255)
        }
        return pixels
    }

    @Test(
        "Ctrl+C copies the picture as image/png (by INCR when large), the file's URI and its path",
        .enabled(if: toolsInstalled, "needs Xvfb, xdotool and xclip (make deps installs them)"))
    func copyPictureAndFile() throws {
        let home = try TemporaryDirectory()
        let photos = home.path("photos")
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
        // Larger than one X request (256 KiB): it has to go by INCR. A name a URI must percent-encode.
        let noise = try Self.noise(width: 900, height: 700)
        let first = photos + "/a noise #1 é%.png"
        try Data(try PNGEncoder.png(of: noise, opaque: true)).write(to: URL(fileURLWithPath: first))
        // Stored 40 × 20, its top half red, turned a quarter clockwise by its EXIF orientation (6): shown 20 × 40, its
        // right half red.
        let turned = JPEGFixture.rgb(width: 40, height: 20, orientation: 6) { _, y in
            y < 10 ? RGBA(r: 255, g: 0, b: 0, a: 255) : RGBA(r: 0, g: 0, b: 255, a: 255)
        }
        let second = photos + "/b turned.jpg"
        try Data(turned).write(to: URL(fileURLWithPath: second))

        let display = try XvfbDisplay()
        guard let (gallery, window) = try Self.openGallery(photos, on: display, home: home) else { return }
        defer {
            kill(gallery.processIdentifier, SIGKILL)
            gallery.waitUntilExit()
        }
        let firstURI =
            "file://" + photos.replacingOccurrences(of: " ", with: "%20") + "/a%20noise%20%231%20%C3%A9%25.png"
        let targets = try #require(try Self.copy(in: window, on: display, expecting: firstURI))
        for target in ["image/png", "text/uri-list", "x-special/gnome-copied-files", "text/plain", "UTF8_STRING"] {
            #expect(targets.contains(target), "\(target) not in \(targets)")
        }
        let copied = try display.run("xclip", ["-o", "-selection", "clipboard", "-t", "x-special/gnome-copied-files"])
        #expect(copied.output == "copy\n" + firstURI)
        #expect(try display.run("xclip", ["-o", "-selection", "clipboard", "-t", "text/plain"]).output == first)
        #expect(try display.run("xclip", ["-o", "-selection", "clipboard"]).output == first)
        #expect(try X11SelectionProbe.answerType(display: display.name, target: "image/png") == "INCR")

        let pasted = try Self.pastedPicture(on: display)
        try #require(pasted.width == noise.width && pasted.height == noise.height)
        var differing = 0
        for y in 0..<noise.height {
            for x in 0..<noise.width
            where pasted.pixel(x: x, y: y) | 0xFF00_0000 != noise.pixel(x: x, y: y) | 0xFF00_0000 {
                differing += 1
            }
        }
        #expect(differing == 0, "\(differing) pixels differ")

        // The next photo, upright as shown.
        _ = try display.run("xdotool", ["key", "--window", window, "Right"])
        let secondURI = "file://" + photos.replacingOccurrences(of: " ", with: "%20") + "/b%20turned.jpg"
        _ = try #require(try Self.copy(in: window, on: display, expecting: secondURI))
        let upright = try Self.pastedPicture(on: display)
        #expect(upright.width == 20 && upright.height == 40)
        let left = upright.rgba(x: 3, y: 20)
        let right = upright.rgba(x: 16, y: 20)
        #expect(left.b > 200 && left.r < 40, "left \(left)")
        #expect(right.r > 200 && right.b < 40, "right \(right)")

        // Another program takes the clipboard: the gallery lets it go, and takes it again at the next Ctrl+C.
        // xclip in the foreground (`-quiet`: no child of its own) owns the selection until another client takes it.
        let other = Process()
        other.executableURL = URL(fileURLWithPath: try #require(XvfbDisplay.executable("xclip")))
        other.arguments = ["-i", "-quiet", "-selection", "clipboard"]
        other.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": display.name]) { $1 }
        let input = Pipe()
        other.standardInput = input
        other.standardOutput = FileHandle.nullDevice
        other.standardError = FileHandle.nullDevice
        try other.run()
        defer {
            if other.isRunning { kill(other.processIdentifier, SIGKILL) }
            other.waitUntilExit()
        }
        input.fileHandleForWriting.write(Data("another program's text".utf8))
        try input.fileHandleForWriting.close()
        let pastedOther = try XvfbDisplay.waitFor(seconds: 10) { () -> Bool? in
            try display.run("xclip", ["-o", "-selection", "clipboard"]).output == "another program's text" ? true : nil
        }
        #expect(pastedOther == true)
        #expect(gallery.isRunning)
        _ = try #require(try Self.copy(in: window, on: display, expecting: secondURI))
        #expect(XvfbDisplay.waitFor(seconds: 10) { other.isRunning ? nil : true } == true, "xclip kept the clipboard")
    }

    @Test(
        "Ctrl+C puts the photo's path on the clipboard, as xclip reads it",
        .enabled(if: toolsInstalled, "needs Xvfb, xdotool and xclip (make deps installs them)"))
    func copyPath() throws {
        let home = try TemporaryDirectory()
        let photos = home.path("photos")
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
        let photo = photos + "/first.jpg"
        try FileManager.default.copyItem(atPath: BundledPhotos.paths[0], toPath: photo)
        let display = try XvfbDisplay()
        guard let (gallery, window) = try Self.openGallery(photos, on: display, home: home) else { return }
        defer {
            kill(gallery.processIdentifier, SIGKILL)
            gallery.waitUntilExit()
        }
        // Until the clipboard holds the path: the first presses may come before the window takes keys.
        let copied = try XvfbDisplay.waitFor(seconds: 20) { () -> String? in
            _ = try display.run("xdotool", ["key", "--window", window, "ctrl+c"])
            let read = try display.run("xclip", ["-o", "-selection", "clipboard"])
            return read.status == 0 && !read.output.isEmpty ? read.output : nil
        }
        #expect(copied == photo)
        #expect(gallery.isRunning, "the gallery owns the clipboard while it runs")
    }
}
