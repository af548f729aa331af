import Foundation
import Glibc
import Testing

@testable import ImageLoader
@testable import Imaging

/// Ctrl+C in the real window on Wayland, in a headless sway (`HeadlessSway`): the gallery sets the seat's selection
/// with the key press's serial, and wl-paste (wl-clipboard) reads the picture, the file's URI and the path back; another
/// client's selection replaces it, and the next Ctrl+C takes it again.
@Suite("Clipboard on Wayland", .serialized)
struct WaylandClipboardTests {
    /// `tool` with `arguments` run against `sway`: its output as text.
    static func text(_ sway: HeadlessSway, _ tool: String, _ arguments: [String]) throws -> String {
        String(decoding: try sway.run(tool, arguments).output, as: UTF8.self)
    }

    @Test("Ctrl+C offers image/png, text/uri-list, x-special/gnome-copied-files and the path, as wl-paste reads them")
    func copyOnWayland() throws {
        _ = try #require(HeadlessSway.executable("wl-paste"), "wl-clipboard is not installed: `make deps` installs it")
        let sway = try HeadlessSway()
        defer { sway.stop() }
        let folder = try TemporaryDirectory()
        let photos = folder.path("photos")
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
        let noise = try ClipboardWindowTests.noise(width: 700, height: 500)
        let photo = photos + "/a noise #1.png"
        try Data(try PNGEncoder.png(of: noise, opaque: true)).write(to: URL(fileURLWithPath: photo))

        let gallery = Process()
        gallery.executableURL = GalleryProcess.executable
        gallery.arguments = ["--mode", "bounded", photos]
        gallery.environment = sway.clientEnvironment.merging([
            "XDG_CACHE_HOME": folder.path("cache"), "XDG_DATA_HOME": folder.path("data"),
        ]) { $1 }
        gallery.standardInput = FileHandle.nullDevice
        gallery.standardOutput = FileHandle.nullDevice
        gallery.standardError = FileHandle.nullDevice
        try gallery.run()
        defer { WaylandWindowTests.stop(gallery) }
        let opened = try HeadlessSway.waitFor(seconds: 60) { try sway.window(of: gallery.processIdentifier) }
        try #require(opened != nil, "no window in sway: \(sway.log())")

        let uri = "file://" + photos.replacingOccurrences(of: " ", with: "%20") + "/a%20noise%20%231.png"
        // Until the selection is the gallery's: the first presses may come before the window has the keyboard.
        func copied() throws -> [String]? {
            try HeadlessSway.waitFor(seconds: 45) { () -> [String]? in
                _ = try sway.run("wtype", ["-M", "ctrl", "-k", "c", "-m", "ctrl"])
                return try HeadlessSway.waitFor(seconds: 3) { () -> [String]? in
                    let types = try Self.text(sway, "wl-paste", ["-l"]).split(separator: "\n").map(String.init)
                    return types.contains("image/png") ? types : nil
                }
            }
        }
        let types = try #require(try copied(), "the selection never offered image/png")
        for type in ["image/png", "text/uri-list", "x-special/gnome-copied-files", "text/plain"] {
            #expect(types.contains(type), "\(type) not in \(types)")
        }
        #expect(try Self.text(sway, "wl-paste", ["-n", "-t", "text/uri-list"]) == uri + "\r\n")
        #expect(try Self.text(sway, "wl-paste", ["-n", "-t", "x-special/gnome-copied-files"]) == "copy\n" + uri)
        #expect(try Self.text(sway, "wl-paste", ["-n", "-t", "text/plain"]) == photo)

        let png = try sway.run("wl-paste", ["-t", "image/png"]).output
        let pasted = try Array(png).withUnsafeBytes { bytes in
            Result { () throws(DecodeFailure.Reason) in try ImageLoader.load(.png, bytes) }
        }.get()
        try #require(pasted.width == noise.width && pasted.height == noise.height)
        var differing = 0
        for y in 0..<noise.height {
            for x in 0..<noise.width
            where pasted.pixel(x: x, y: y) | 0xFF00_0000 != noise.pixel(x: x, y: y) | 0xFF00_0000 {
                differing += 1
            }
        }
        #expect(differing == 0, "\(differing) pixels differ")

        // Another client's selection replaces the gallery's; the next Ctrl+C takes it back.
        let other = Process()
        other.executableURL = URL(fileURLWithPath: try #require(HeadlessSway.executable("wl-copy")))
        other.arguments = ["--foreground", "another client's text"]
        other.environment = sway.clientEnvironment
        other.standardInput = FileHandle.nullDevice
        other.standardOutput = FileHandle.nullDevice
        other.standardError = FileHandle.nullDevice
        try other.run()
        defer {
            if other.isRunning { kill(other.processIdentifier, SIGKILL) }
            other.waitUntilExit()
        }
        let replaced = try HeadlessSway.waitFor(seconds: 10) { () -> Bool? in
            try Self.text(sway, "wl-paste", ["-n"]) == "another client's text" ? true : nil
        }
        #expect(replaced == true)
        #expect(gallery.isRunning)
        #expect(try copied() != nil, "Ctrl+C did not take the selection back")
        #expect(HeadlessSway.waitFor(seconds: 10) { other.isRunning ? nil : true } == true, "wl-copy kept it")
    }
}
