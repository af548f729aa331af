import Foundation
import Gallery
import GalleryCore
import GalleryTesting
import ImageDecoders

/// Prints the decode of a 1280×720 animated GIF of 60 full frames (written byte by byte, `GIFFixture`) for a 1280×720
/// page: every frame composited by SDL_image and fitted on the worker. Median time of 3 runs in this process, peak
/// memory in a fresh one, beside its first frame alone (what a thumbnail decodes).
func animationBenchmark(in folder: URL) throws {
    let size = PixelSize(width: 1280, height: 720)
    let frameCount = 60
    let palette: [(UInt8, UInt8, UInt8)] = (0..<16).map { UInt8($0 * 16) }.map { ($0, 255 - $0, 128) }
    let frames = (0..<frameCount).map { frame in
        GIFFixture.Frame(
            width: size.width, height: size.height,
            indices: (0..<size.area).map { UInt8(((($0 % size.width) + $0 / size.width + frame * 8) / 16) % 16) },
            delay: 4)
    }
    let path = folder.appendingPathComponent("animated.gif").path
    try Data(GIFFixture.bytes(width: size.width, height: size.height, palette: palette, frames: frames))
        .write(to: URL(fileURLWithPath: path))
    let session = try SDLSession(video: false)
    let executable = CommandLine.arguments[0]
    let baseline = try (0..<3).map { _ in try measureChild([executable, "decode-once", "none", path]).peakMiB }.min()!
    let fileMiB = Double((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0) / 1_048_576
    print("")
    print("## Decoding a 1280×720 animated GIF of \(frameCount) frames (\(format(fileMiB, 1)) MiB) for a 1280×720 page")
    print("| decode | median ms (3 runs) | decode peak memory, MiB (child RSS less \(format(baseline, 1)) MiB) |")
    print("|---|---|---|")
    for (name, mode, animated) in [
        ("every frame (a page)", "animated", true), ("first frame (a thumbnail)", "scaled", false),
    ] {
        var times: [Double] = []
        for _ in 0..<3 {
            let start = now()
            let surface = try ImageDecoder().decode(
                .file(path: path), fitting: benchmarkPage, region: nil, animated: animated)
            precondition((surface.animation?.frames.count ?? 1) == (animated ? frameCount : 1))
            times.append(now() - start)
        }
        let peak = try measureChild([executable, "decode-once", mode, path]).peakMiB - baseline
        print("| \(name) | \(format(percentile(times.sorted(), 0.5) * 1000, 1)) | \(format(peak, 1)) |")
    }
    withExtendedLifetime(session) {}
}
