import Foundation
import Gallery

/// Prints what colour management costs a photo: a 12 MP JPEG (from the bundled photo) converted by ImageMagick to
/// Adobe RGB with the profile embedded, decoded for a 1280×720 page with and without colour management (median of 7
/// in this process, after one decode that builds and caches the transform), and that first decode.
func colourManagementBenchmark(in folder: URL, bundledPhoto: String) throws {
    let jpeg = folder.appendingPathComponent("12mp-srgb.jpg").path
    try DecodeComparison.writeJPEG(to: jpeg, size: PixelSize(width: 4000, height: 3000), from: bundledPhoto)
    let path = folder.appendingPathComponent("12mp-adobe-rgb.jpg").path
    let profiles = "/usr/share/color/icc/ghostscript/"
    guard
        EncodedFixture.run([
            "convert", jpeg, "-profile", profiles + "srgb.icc", "-profile", profiles + "a98.icc", "-quality", "90",
            path,
        ])
    else {
        print("(ImageMagick's convert is missing or failed: no colour management rows; `make deps` installs it)")
        return
    }
    let session = try SDLSession(video: false)
    let managing = ImageDecoder()
    var ignoring = ImageDecoder()
    ignoring.managesColour = false
    let first = now()
    _ = try managing.decode(.file(path: path), fitting: benchmarkPage)
    let firstSeconds = now() - first
    func median(_ decoder: ImageDecoder) throws -> Double {
        var times: [Double] = []
        for _ in 0..<7 {
            let start = now()
            _ = try decoder.decode(.file(path: path), fitting: benchmarkPage)
            times.append(now() - start)
        }
        return percentile(times.sorted(), 0.5)
    }
    let on = try median(managing), off = try median(ignoring)
    withExtendedLifetime(session) {}
    print("")
    print("## Colour management: a 12 MP Adobe RGB JPEG (4000×3000, profile embedded) for a 1280×720 page")
    print("| decode | median ms (7 runs) |")
    print("|---|---|")
    print("| with colour management (Little CMS, cached transform) | \(format(on * 1000, 1)) |")
    print("| `--no-color-management` | \(format(off * 1000, 1)) |")
    print("| cost of colour management per photo | \(format((on - off) * 1000, 1)) |")
    print("| first such photo (builds the transform) | \(format(firstSeconds * 1000, 1)) |")
}
