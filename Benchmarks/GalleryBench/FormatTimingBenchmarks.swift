import Foundation
import Gallery
import GalleryTesting
import Glibc
import ImageDecoders
import ImageLoader
import Imaging

/// The 12 MP fixtures `gallery-bench formats` decodes, made in `folder` (kept, so before-and-after builds can be timed on
/// the same files): the JPEG, a HEIC with a 320-pixel thumbnail, an AVIF (avifenc) and one with a 320-pixel thumbnail
/// (`heif-enc -A`), and a JPEG XL from the JPEG's pixels. Files already there are kept; a missing encoder skips its file.
func writeFormatFixtures(in folder: URL, bundledPhoto: String) throws -> [(name: String, path: String)] {
    let jpeg = folder.appendingPathComponent("12mp.jpg").path
    if !FileManager.default.fileExists(atPath: jpeg) {
        try DecodeComparison.writeJPEG(to: jpeg, size: PixelSize(width: 4000, height: 3000), from: bundledPhoto)
    }
    var rows: [(name: String, path: String)] = [("JPEG (TurboJPEG, DCT-scaled)", jpeg)]
    let encodings: [(String, String, EncodedFixture.Encoder, [String])] = [
        // With the 320-pixel thumbnail phones and `heif-enc -t 320` write: the page's first picture.
        ("HEIC (libheif, libde265)", "12mp.heic", .heic, ["-t", "320"]),
        ("AVIF 8-bit (libheif, dav1d)", "12mp.avif", .avif, []),
        // The same thumbnail in an AVIF, written by libheif's aom encoder.
        ("AVIF 8-bit, thumbnail (heif-enc -A)", "12mp-thumbnail.avif", .heic, ["-A", "-t", "320"]),
        // From the JPEG's pixels, not its lossless JPEG transcoding, which would decode as a JPEG does.
        ("JPEG XL (libjxl, VarDCT d1)", "12mp.jxl", .jxl, ["--lossless_jpeg=0", "-d", "1"]),
    ]
    for (name, file, encoder, options) in encodings {
        let path = folder.appendingPathComponent(file).path
        if FileManager.default.fileExists(atPath: path)
            || EncodedFixture.encode(jpeg, with: encoder, to: path, options: options)
        {
            rows.append((name, path))
        } else {
            print("(\(encoder.program) is missing or failed: no \(name) row; `make deps` installs it)")
        }
    }
    return rows
}

/// `gallery-bench formats-time DIR RUNS [OUT]`: each fixture `writeFormatFixtures` made in DIR decoded for a 1280×720
/// page RUNS times after one untimed decode, as a decode thread runs a page (its first picture, then the sharp page);
/// prints every time and the medians. With OUT, writes each sharp page (and first picture) there as a PPM, to compare
/// two builds' pixels.
func formatTimings(_ arguments: [String]) throws {
    let folder = URL(fileURLWithPath: arguments[0])
    let runs = Int(arguments[1]) ?? 5
    let output = arguments.count > 2 ? URL(fileURLWithPath: arguments[2]) : nil
    let session = try SDLSession(video: false)
    let files = ["12mp.jpg", "12mp.heic", "12mp.avif", "12mp-thumbnail.avif", "12mp.jxl"]
    for file in files {
        let path = folder.appendingPathComponent(file).path
        guard FileManager.default.fileExists(atPath: path) else { continue }
        _ = try ImageDecoder().decode(.file(path: path), fitting: benchmarkPage)
        var first: [Double] = [], sharp: [Double] = []
        var previewSize: PixelSize?
        for run in 0..<runs {
            let decoder = ImageDecoder()
            let start = now()
            let preview = decoder.preview(.file(path: path), fitting: benchmarkPage)
            let previewed = now()
            let page = try decoder.decode(.file(path: path), fitting: benchmarkPage)
            let end = now()
            previewSize = preview?.size
            sharp.append((end - start) * 1000)
            first.append((preview == nil ? end - start : previewed - start) * 1000)
            if run == 0, let output {
                try writePPM(page.pixels, to: output.appendingPathComponent(file + ".page.ppm"))
                if let preview { try writePPM(preview.pixels, to: output.appendingPathComponent(file + ".first.ppm")) }
            }
        }
        let what = previewSize.map { "first picture \($0.width)×\($0.height)" } ?? "no first picture"
        print(
            "\(file) first \(format(percentile(first.sorted(), 0.5), 1)) sharp \(format(percentile(sharp.sorted(), 0.5), 1))"
                + " (\(what)) first: \(first.map { format($0, 1) }.joined(separator: " "))"
                + " sharp: \(sharp.map { format($0, 1) }.joined(separator: " "))")
    }
    withExtendedLifetime(session) {}
}

/// `pixels` as a binary PPM (its alpha left out).
func writePPM(_ pixels: PixelBuffer, to url: URL) throws {
    var bytes = Array("P6\n\(pixels.width) \(pixels.height)\n255\n".utf8)
    bytes.reserveCapacity(bytes.count + pixels.width * pixels.height * 3)
    for y in 0..<pixels.height {
        let row = pixels.row(y).assumingMemoryBound(to: UInt32.self)
        for x in 0..<pixels.width {
            let value = row[x]
            bytes += [
                UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8),
                UInt8(truncatingIfNeeded: value),
            ]
        }
    }
    try Data(bytes).write(to: url)
}
