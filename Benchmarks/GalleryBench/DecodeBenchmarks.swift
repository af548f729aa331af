import CLinux
import Foundation
import Gallery
import GalleryTesting
import Glibc
import ImageDecoders
import ImageLoader
import Imaging

/// The page a photo is decoded for in the decode benchmark.
let benchmarkPage = PixelSize(width: 1280, height: 720)

/// `gallery-bench decode-once none|scaled|animated|play|full PATH`: one decode in a fresh process, so its peak RSS is the decode's.
func runDecodeOnce(_ arguments: [String]) throws {
    let session = try SDLSession(video: false)
    try withExtendedLifetime(session) {
        switch arguments[0] {
        case "scaled": _ = try ImageDecoder().decode(.file(path: arguments[1]), fitting: benchmarkPage)
        case "animated":
            _ = try ImageDecoder().decode(
                .file(path: arguments[1]), fitting: benchmarkPage, region: nil, animated: true)
        case "play":
            // Every frame of the animation, twice round (a loop), as a page plays it, with the viewer's allocator
            // settings (GalleryApp/main.swift: freed frames go back to the system, two arenas).
            _ = mallopt(M_MMAP_THRESHOLD, 128 * 1024)
            _ = mallopt(M_ARENA_MAX, 2)
            let picture = try ImageDecoder().decode(
                .file(path: arguments[1]), fitting: benchmarkPage, region: nil, animated: true)
            if let stream = picture.animation {
                for index in 0..<(2 * stream.clock.frameCount) {
                    _ = try stream.frame(index % stream.clock.frameCount).get()
                }
            }
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
    let kilobytes =
        Double(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? .nan
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
    print(
        "| ratio | \(format(full / scaled, 1))× faster | \(format(scaledPeak / max(fullPeak, 0.1) * 100, 0)) % of the memory |"
    )
}

/// Prints, for a 12 MP picture (4000×3000, from the bundled photo) encoded now as HEIC, AVIF and JPEG XL with Debian's
/// encoders and as the preview of a DNG, the decode for a 1280×720 page: median time in this process and peak memory in a fresh one, beside the
/// same picture as a JPEG. Formats whose encoder is missing are skipped with a note.
func modernFormatBenchmark(in folder: URL, bundledPhoto: String) throws {
    let jpeg = folder.appendingPathComponent("12mp.jpg").path
    try DecodeComparison.writeJPEG(to: jpeg, size: PixelSize(width: 4000, height: 3000), from: bundledPhoto)
    var rows: [(name: String, path: String)] = [("JPEG (TurboJPEG, DCT-scaled)", jpeg)]
    let encodings: [(String, EncodedFixture.Encoder, [String])] = [
        // With the 320-pixel thumbnail phones and `heif-enc -t 320` write: the page's first picture.
        ("HEIC (libheif, libde265)", .heic, ["-t", "320"]),
        ("AVIF 8-bit (libheif, dav1d)", .avif, []),
        // From the JPEG's pixels, not its lossless JPEG transcoding, which would decode as a JPEG does.
        ("JPEG XL (libjxl, VarDCT d1)", .jxl, ["--lossless_jpeg=0", "-d", "1"]),
    ]
    for (name, encoder, options) in encodings {
        let path = folder.appendingPathComponent("12mp." + encoder.rawValue).path
        if FileManager.default.fileExists(atPath: path)
            || EncodedFixture.encode(jpeg, with: encoder, to: path, options: options)
        {
            rows.append((name, path))
        } else {
            print("(\(encoder.program) is missing or failed: no \(name) row; `make deps` installs it)")
        }
    }
    // A hand-made DNG (Debian has no RAW encoder) whose preview is the 12 MP JPEG, as full-size camera previews are.
    let dng = folder.appendingPathComponent("12mp.dng").path
    let preview = Array(try Data(contentsOf: URL(fileURLWithPath: jpeg)))
    try Data(DNGFixture.dng(previewJPEG: preview, previewSize: PixelSize(width: 4000, height: 3000), orientation: 1))
        .write(to: URL(fileURLWithPath: dng))
    rows.append(("RAW preview (LibRaw, then TurboJPEG)", dng))
    let session = try SDLSession(video: false)
    let executable = CommandLine.arguments[0]
    let baseline = try (0..<3).map { _ in try measureChild([executable, "decode-once", "none", jpeg]).peakMiB }.min()!
    print("")
    print("## Decoding a 12 MP photo (4000×3000) in each format for a 1280×720 page")
    print(
        "| format (decoder) | file MiB | median ms (5 runs) | decode peak memory, MiB (child RSS less \(format(baseline, 1)) MiB) |"
    )
    print("|---|---|---|---|")
    for row in rows {
        var times: [Double] = []
        for _ in 0..<5 {
            let start = now()
            _ = try ImageDecoder().decode(.file(path: row.path), fitting: benchmarkPage)
            times.append(now() - start)
        }
        let peak = try measureChild([executable, "decode-once", "scaled", row.path]).peakMiB - baseline
        let fileMiB =
            Double((try? FileManager.default.attributesOfItem(atPath: row.path)[.size] as? Int) ?? 0) / 1_048_576
        print(
            "| \(row.name) | \(format(fileMiB, 1)) | \(format(percentile(times.sorted(), 0.5) * 1000, 1)) | \(format(peak, 1)) |"
        )
    }
    firstPictureBenchmark(rows.filter { [".heic", ".avif", ".jxl"].contains(where: $0.path.hasSuffix) })
    withExtendedLifetime(session) {}
}

/// A page's first picture (the preview a decode thread posts: a HEIF thumbnail) and its sharp picture, timed as the
/// decode thread runs them one after the other, for each file in `rows`.
func firstPictureBenchmark(_ rows: [(name: String, path: String)]) {
    print("")
    print("## A 12 MP page's first picture and its sharp picture (1280×720 page), from the page's request")
    print("| format (decoder) | first picture, median ms (5 runs) | what it is | sharp page, median ms |")
    print("|---|---|---|---|")
    for row in rows {
        var first: [Double] = [], sharp: [Double] = []
        var previewSize: PixelSize?
        for _ in 0..<5 {
            let decoder = ImageDecoder()
            let start = now()
            let preview = decoder.preview(.file(path: row.path), fitting: benchmarkPage)
            let previewed = now()
            let page = try? decoder.decode(.file(path: row.path), fitting: benchmarkPage)
            let end = now()
            previewSize = preview?.size
            sharp.append(end - start)
            first.append(preview == nil || page == nil ? end - start : previewed - start)
        }
        let what = previewSize.map { "embedded thumbnail, fitted to \($0.width)×\($0.height)" } ?? "the sharp page"
        print(
            "| \(row.name) | \(format(percentile(first.sorted(), 0.5) * 1000, 1)) | \(what) | \(format(percentile(sharp.sorted(), 0.5) * 1000, 1)) |"
        )
    }
}
