import Foundation
import Glibc
import Testing

/// The real window on Wayland, in a headless sway (`HeadlessSway`): it opens natively (an xdg-shell toplevel of the
/// gallery's process, libwayland-client mapped), draws the first bundled photo (grim reads its pixels), turns the page
/// on the Right key and opens the help on a "?" typed as text alone (wtype). No GPU here: the window draws with OpenGL
/// ES 2 on Mesa's software rasteriser, as SDL's Wayland driver cannot show the software renderer's frames by itself.
@Suite("The window on Wayland", .serialized)
struct WaylandWindowTests {
    /// Photo 1, the astronaut: the share of pixels of her orange suit.
    static func orangeShare(_ shot: Screenshot) -> Double {
        shot.share { p, _ in p.r > 150 && p.g < 130 && p.b < 90 && p.r - p.g > 60 }
    }

    /// The gallery with `arguments` (by default: the bundled photos) and `environment` alone (plus a cache and data
    /// folder of the test's own), so no `DISPLAY` unless given.
    static func startGallery(
        environment: [String: String], in folder: TemporaryDirectory, arguments: [String] = ["--mode", "bounded"]
    ) throws -> Process {
        let gallery = Process()
        gallery.executableURL = GalleryProcess.executable
        gallery.arguments = arguments
        gallery.currentDirectoryURL = folder.url
        gallery.environment = environment.merging([
            "XDG_CACHE_HOME": folder.path("cache"), "XDG_DATA_HOME": folder.path("data"),
        ]) { $1 }
        gallery.standardInput = FileHandle.nullDevice
        gallery.standardOutput = FileHandle.nullDevice
        _ = FileManager.default.createFile(atPath: folder.path("gallery.log"), contents: nil)
        let log = try FileHandle(forWritingTo: folder.url.appendingPathComponent("gallery.log"))
        gallery.standardError = log
        try gallery.run()
        try? log.close()  // The gallery has its own copy.
        return gallery
    }

    /// Quits `gallery` as Ctrl+C would (it then ends its decoder processes), or kills it after 20 s.
    static func stop(_ gallery: Process) {
        guard gallery.isRunning else { return }
        kill(gallery.processIdentifier, SIGINT)
        if HeadlessSway.waitFor(seconds: 20, { gallery.isRunning ? nil : true }) == nil {
            kill(gallery.processIdentifier, SIGKILL)
        }
        gallery.waitUntilExit()
    }

    /// What the gallery wrote to standard error, for a failure's message.
    static func said(_ folder: TemporaryDirectory) -> String {
        (try? String(contentsOfFile: folder.path("gallery.log"), encoding: .utf8)) ?? ""
    }

    @Test("With only WAYLAND_DISPLAY and XDG_RUNTIME_DIR, the window opens natively, shows photo 1, turns on Right")
    func opensNativelyDrawsAndPages() throws {
        let sway = try HeadlessSway()
        defer { sway.stop() }
        let folder = try TemporaryDirectory()
        let gallery = try Self.startGallery(environment: sway.clientEnvironment, in: folder)
        defer { Self.stop(gallery) }
        let pid = gallery.processIdentifier

        let window = try HeadlessSway.waitFor(seconds: 60) { () -> (title: String, appID: String, shell: String)? in
            guard gallery.isRunning else { return ("", "", "exited") }
            return try sway.window(of: pid).flatMap { $0.title.hasPrefix("1 / 12") ? $0 : nil }
        }
        let opened = try #require(
            window, "no window titled \"1 / 12 …\" in sway: \(Self.said(folder))\nsway: \(sway.log())")
        #expect(opened.shell == "xdg_shell", "\(Self.said(folder))")
        #expect(opened.appID == "gallery")
        #expect(opened.title.contains("01-astronaut.jpg"))
        // Read to its end: a /proc file's size reads as 0, and Foundation's String(contentsOfFile:) stops short.
        let maps = try #require(try FileHandle(forReadingAtPath: "/proc/\(pid)/maps")?.readToEnd())
        let mapped = String(decoding: maps, as: UTF8.self)
        #expect(mapped.contains("libwayland-client.so"))
        // OpenGL ES 2 draws (no GPU here: on llvmpipe), not SDL's software renderer, whose frames would reach a Wayland
        // window only through a desktop OpenGL texture (libGL).
        #expect(mapped.contains("libGLESv2.so") && !mapped.contains("libGL.so"))

        // The photo, not a black or placeholder window: until the suit's orange shows (the first frame may be late).
        let first = try HeadlessSway.waitFor(seconds: 30) { () -> Screenshot? in
            let shot = try sway.screenshot()
            return Self.orangeShare(shot) > 0.05 ? shot : nil
        }
        let firstShot = try #require(first, "photo 1 never showed: \(Self.said(folder))")
        #expect(firstShot.share { p, _ in p.r + p.g + p.b > 150 } > 0.3)

        // Right turns the page: sway's title says so and the pixels change. A press is repeated only if the title
        // has not changed 15 s later (a key lost to a window still taking the focus), so the page is 2 or, at worst, 3.
        let turned = try HeadlessSway.waitFor(seconds: 45) { () -> String? in
            _ = try sway.run("wtype", ["-k", "Right"])
            return try HeadlessSway.waitFor(seconds: 15) {
                try sway.window(of: pid).flatMap { $0.title.hasPrefix("1 / 12") ? nil : $0.title }
            }
        }
        let title = try #require(turned, "Right did not turn the page: \(Self.said(folder))")
        #expect(title.hasPrefix("2 / 12") || title.hasPrefix("3 / 12"), "\(title)")
        let second = try HeadlessSway.waitFor(seconds: 30) { () -> Screenshot? in
            let shot = try sway.screenshot()
            return shot.differingShare(from: firstShot) > 0.3 ? shot : nil
        }
        #expect(second != nil, "the screen did not change with the page")

        // A character a virtual keyboard sends as text alone (wtype's, an on-screen keyboard's: no key SDL can name
        // comes with it): "?" opens the help over the photo, once the page has come to rest.
        let still = try HeadlessSway.waitFor(seconds: 30) { () -> Screenshot? in
            let before = try sway.screenshot()
            usleep(300_000)
            let after = try sway.screenshot()
            return after.differingShare(from: before) < 0.01 ? after : nil
        }
        let settled = try #require(still, "the page never came to rest")
        _ = try sway.run("wtype", ["?"])
        let help = try HeadlessSway.waitFor(seconds: 15) { () -> Screenshot? in
            let shot = try sway.screenshot()
            return shot.differingShare(from: settled) > 0.2 ? shot : nil
        }
        #expect(help != nil, "a \"?\" typed as text alone did not open the help: \(Self.said(folder))")
        #expect(gallery.isRunning, "\(Self.said(folder))")
        // The empty Compose file the gallery gives X11 is not given to Wayland's xkbcommon, which cannot read it.
        #expect(!Self.said(folder).contains("Compose file"), "\(Self.said(folder))")
    }

    @Test("A Wayland session whose DISPLAY names a live X server (Xwayland's) still gets the native window")
    func preferredOverX11InAWaylandSession() throws {
        let sway = try HeadlessSway()
        defer { sway.stop() }
        // The X server on a number no other window test of this process holds (`XvfbDisplay`), listening before SDL
        // looks: before that SDL would skip X11 whatever the order, and the test prove nothing.
        let xvfb = try XvfbDisplay()
        // Its server lives until the gallery has stopped.
        defer { withExtendedLifetime(xvfb) {} }
        let folder = try TemporaryDirectory()
        let gallery = try Self.startGallery(
            environment: sway.clientEnvironment.merging(["DISPLAY": xvfb.name]) { $1 }, in: folder)
        defer { Self.stop(gallery) }
        let window = try HeadlessSway.waitFor(seconds: 60) { () -> (title: String, appID: String, shell: String)? in
            guard gallery.isRunning else { return ("", "", "exited") }
            return try sway.window(of: gallery.processIdentifier)
        }
        let opened = try #require(window, "the gallery opened no window in sway (on X11?): \(Self.said(folder))")
        #expect(opened.shell == "xdg_shell", "\(Self.said(folder))")
    }
}
