import Foundation
import Gallery
import GalleryCore
import GalleryCoreTesting
import GalleryTesting
import ImageDecoders
import Imaging

/// Prints the decode of a 1280×720 animation of 60 full frames for a 1280×720 page, as a GIF (written byte by byte,
/// `GIFFixture`) and as an animated WebP (ImageMagick's `convert` of that GIF, when it is installed): the first frame
/// (what the page shows at once, with the stream of the others), and every frame played once through the stream,
/// decoded as they would fall due. Median time of 3 runs in this process; peak memory of playing every frame twice (a
/// loop) in a fresh process, less that of a process that decodes nothing.
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
    let gif = folder.appendingPathComponent("animated.gif").path
    try Data(GIFFixture.bytes(width: size.width, height: size.height, palette: palette, frames: frames))
        .write(to: URL(fileURLWithPath: gif))
    var paths = [("GIF", gif)]
    let webp = folder.appendingPathComponent("animated.webp").path
    if (try? runConvert([gif, "-quality", "80", webp])) == true { paths.append(("WebP", webp)) }
    let session = try SDLSession(video: false)
    let executable = CommandLine.arguments[0]
    let baseline = try (0..<3).map { _ in try measureChild([executable, "decode-once", "none", gif]).peakMiB }.min()!
    print("")
    print("## Playing a 1280×720 animation of \(frameCount) frames on a 1280×720 page, frames decoded as they are due")
    print(
        "| file | first frame, median ms (3 runs) | every frame played, ms a frame | play twice: decode peak MiB "
            + "(child RSS less \(format(baseline, 1)) MiB) |")
    print("|---|---|---|---|")
    for (name, path) in paths {
        let fileMiB = Double((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0) / 1_048_576
        var firstTimes: [Double] = []
        var frameTimes: [Double] = []
        for _ in 0..<3 {
            let start = now()
            let picture = try ImageDecoder().decode(
                .file(path: path), fitting: benchmarkPage, region: nil, animated: true)
            firstTimes.append(now() - start)
            let stream = try require(picture.animation, "\(name): no animation")
            precondition(stream.clock.frameCount == frameCount)
            let played = now()
            for index in 1..<frameCount { _ = try stream.frame(index).get() }
            frameTimes.append((now() - played) / Double(frameCount - 1))
        }
        let peak = try measureChild([executable, "decode-once", "play", path]).peakMiB - baseline
        print(
            "| \(name), \(format(fileMiB, 1)) MiB | \(format(percentile(firstTimes.sorted(), 0.5) * 1000, 1)) "
                + "| \(format(percentile(frameTimes.sorted(), 0.5) * 1000, 1)) | \(format(peak, 1)) |")
    }
    withExtendedLifetime(session) {}
}

/// Runs ImageMagick's `convert` with `arguments`; whether it succeeded (false when it is not installed).
private func runConvert(_ arguments: [String]) throws -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["convert"] + arguments
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus == 0
}

/// The value, or a failure naming `what`.
private func require<T>(_ value: T?, _ what: String) throws -> T {
    guard let value else { throw CocoaError(.featureUnsupported, userInfo: [NSLocalizedDescriptionKey: what]) }
    return value
}
