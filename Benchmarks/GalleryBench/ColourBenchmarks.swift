import Foundation
import Gallery
import GalleryTesting
import ImageDecoders
import ImageLoader
import Imaging

/// Prints what colour management costs a photo: a 12 MP JPEG (from the bundled photo) converted by ImageMagick to
/// Adobe RGB with the profile embedded, decoded for a 1280×720 page with and without colour management (15 runs of
/// each in this process, after one decode that builds and caches the transform), and that first decode.
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
    // Interleaved, so load from elsewhere falls on both alike; the minimum is the least disturbed run.
    var on: [Double] = [], off: [Double] = []
    for _ in 0..<15 {
        for (decoder, isManaging) in [(managing, true), (ignoring, false)] {
            let start = now()
            _ = try decoder.decode(.file(path: path), fitting: benchmarkPage)
            if isManaging { on.append(now() - start) } else { off.append(now() - start) }
        }
    }
    on.sort()
    off.sort()
    withExtendedLifetime(session) {}
    print("")
    print("## Colour management: a 12 MP Adobe RGB JPEG (4000×3000, profile embedded) for a 1280×720 page")
    print("| decode | median ms (15 runs, interleaved) | fastest ms |")
    print("|---|---|---|")
    print("| with colour management (Little CMS, cached transform) | \(ms(percentile(on, 0.5))) | \(ms(on[0])) |")
    print("| `--no-color-management` | \(ms(percentile(off, 0.5))) | \(ms(off[0])) |")
    print(
        "| cost of colour management per photo | \(ms(percentile(on, 0.5) - percentile(off, 0.5))) | \(ms(on[0] - off[0])) |"
    )
    print("| first such photo (builds the transform) | \(ms(firstSeconds)) | |")
}

/// Milliseconds, one decimal.
private func ms(_ seconds: Double) -> String { format(seconds * 1000, 1) }
