import Foundation
import GalleryCore
import GalleryCoreTesting
import GalleryTesting
import Testing

@testable import Imaging

/// The hostile folder of the third trust round, opened as a user would: the five overflow headers (PNG 69 bytes, QOI,
/// TIFF LONG tags, HEIC and AVIF `ispe`) and photos whose EXIF camera fields are one invisible character. Before,
/// the first crashed the window at the first Right (SIGILL, exit 132) and the second failed every frame that drew the
/// I panel or the wheel ("Text has zero width", exit 1).
@Suite("Hostile folder end to end")
struct HostileFolderEndToEndTests {
    static func overflowing(_ index: Int) -> (name: String, bytes: [UInt8]) {
        let format = SDLSerializedTests.HostileHeaderSizeTests.formats[index]
        return (format.name, format.header((1 << 32) - 1, (1 << 32) - 1))
    }

    /// A 64 × 48 JPEG whose camera make is `make` and model `model`.
    static func photo(make: String, model: String) -> [UInt8] {
        var exif = ExifFixture(taken: "2024:01:02 03:04:05")
        exif.make = make
        exif.model = model
        exif.lens = make
        return exif.inserted(into: JPEGFixture.rgb(width: 64, height: 48) { x, _ in x < 32 ? .white : .black })
    }

    @Test("open, Right ×3, the grid, I, the wheel: exit 0, and the bad files are error tiles")
    func hostileFolderIsBrowsed() throws {
        let folder = try TemporaryDirectory()
        let photos = folder.path("photos")
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: false)
        let bad = ["p.png", "p.qoi", "p.tif", "p.heic", "p.avif"]
        for index in SDLSerializedTests.HostileHeaderSizeTests.formats.indices {
            let file = Self.overflowing(index)
            guard bad.contains(file.name) else { continue }
            try folder.write(file.bytes, to: "photos/2-\(file.name)")
        }
        try folder.write(Self.photo(make: "\u{200B}", model: "\u{202E}"), to: "photos/1-zero-width.jpg")
        try folder.write(Self.photo(make: "\u{202E}", model: "\u{200B}"), to: "photos/3-\u{200B}.jpg")
        let events = [
            ScriptLine.key(0.3, "I"), ScriptLine.shot(0.6, "panel.png"), ScriptLine.key(0.8, "Right"),
            ScriptLine.key(1.2, "Right"), ScriptLine.key(1.6, "Right"), ScriptLine.shot(2.0, "third.png"),
            ScriptLine.key(2.2, "F7"), ScriptLine.shot(3.0, "grid.png"), ScriptLine.key(3.2, "F6"),
            ScriptLine.shot(4.2, "wheel.png"), ScriptLine.quit(4.5),
        ]
        let output = try GalleryProcess.run(events, arguments: ["--mode", "bounded", photos], in: folder)
        #expect(output.status == 0, "\(output.standardError)")
        for shot in ["panel.png", "third.png", "grid.png", "wheel.png"] {
            #expect(FileManager.default.fileExists(atPath: output.shot(shot)), "\(shot)")
        }
        // The I panel of the photo whose camera is invisible was drawn, and the run never failed a frame.
        #expect(!output.standardError.contains("zero width"), "\(output.standardError)")
        // The overflow files are shown as error tiles naming the claim, not dropped nor crashing the window.
        let third = try #require(output.records.last { $0.t < 2.0 })
        #expect(third.page == 3 && third.pages == 7, "\(third)")
    }
}
