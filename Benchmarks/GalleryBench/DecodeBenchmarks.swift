import Foundation
import Gallery
import Glibc

/// The page a photo is decoded for in the decode benchmark.
let benchmarkPage = PixelSize(width: 1280, height: 720)

/// `gallery-bench decode-once none|scaled|full PATH`: one decode in a fresh process, so its peak RSS is the decode's.
func runDecodeOnce(_ arguments: [String]) throws {
    let session = try SDLSession(video: false)
    try withExtendedLifetime(session) {
        switch arguments[0] {
        case "scaled": _ = try ImageDecoder().decode(.file(path: arguments[1]), fitting: benchmarkPage)
        case "full": _ = try DecodeComparison.fullDecode(path: arguments[1], fitting: benchmarkPage)
        default: break
        }
    }
    // The child's own high-water mark: wait4's ru_maxrss would include the parent's, inherited at exec.
    let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
    print(line.split(separator: " ").dropFirst().first ?? "0")
}

/// The peak resident memory, in MiB, of `gallery-bench decode-once` with `arguments`, as the child reports it.
func measureChild(_ arguments: [String]) throws -> (seconds: Double, peakMiB: Double) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: arguments[0])
    process.arguments = Array(arguments.dropFirst())
    let output = Pipe()
    process.standardOutput = output
    let start = now()
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let kilobytes = Double(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? .nan
    return (now() - start, kilobytes / 1024)
}

/// Prints TurboJPEG's scaled decode against SDL_image's full decode plus downscale, for a 24 MP JPEG shown on a
/// 1280×720 page: median time in this process, and the decode's peak memory in a fresh process (less the peak of a
/// process that decodes nothing).
func decodeBenchmark(in folder: URL, bundledPhoto: String) throws {
    let path = folder.appendingPathComponent("24mp.jpg").path
    try DecodeComparison.writeJPEG(to: path, size: PixelSize(width: 6000, height: 4000), from: bundledPhoto)
    let session = try SDLSession(video: false)
    func medianSeconds(_ body: () throws -> Void) rethrows -> Double {
        var times: [Double] = []
        for _ in 0..<7 {
            let start = now()
            try body()
            times.append(now() - start)
        }
        return percentile(times.sorted(), 0.5)
    }
    let scaled = try medianSeconds { _ = try ImageDecoder().decode(.file(path: path), fitting: benchmarkPage) }
    let full = try medianSeconds { _ = try DecodeComparison.fullDecode(path: path, fitting: benchmarkPage) }
    withExtendedLifetime(session) {}
    let executable = CommandLine.arguments[0]
    let baseline = try (0..<3).map { _ in try measureChild([executable, "decode-once", "none", path]).peakMiB }.min()!
    let scaledPeak = try measureChild([executable, "decode-once", "scaled", path]).peakMiB - baseline
    let fullPeak = try measureChild([executable, "decode-once", "full", path]).peakMiB - baseline
    let fileMiB = Double((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0) / 1_048_576
    print("")
    print("## Decoding a 24 MP JPEG (6000×4000, \(format(fileMiB, 1)) MiB) for a 1280×720 page")
    print("| decoder | median ms (7 runs) | decode peak memory, MiB (child RSS less \(format(baseline, 1)) MiB) |")
    print("|---|---|---|")
    print("| TurboJPEG, DCT-scaled (1/4) then resampled | \(format(scaled * 1000, 1)) | \(format(scaledPeak, 1)) |")
    print("| SDL_image full decode, then downscaled | \(format(full * 1000, 1)) | \(format(fullPeak, 1)) |")
    print("| ratio | \(format(full / scaled, 1))× faster | \(format(scaledPeak / max(fullPeak, 0.1) * 100, 0)) % of the memory |")
}
