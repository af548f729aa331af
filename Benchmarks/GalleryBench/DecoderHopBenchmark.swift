import DecoderProcess
import Foundation
import Gallery
import GalleryCore
import ImageDecoders
import ImageLoader
import Imaging
import Support

/// Prints what the process hop adds to a photo's decode: a 1920×1280 JPEG fitted to a 1280×720 page, decoded in this
/// process and by a `gallery-decoder` process (descriptor out, pixels back in shared memory and kept there, as the
/// viewer keeps them to upload), the two interleaved photo by photo. The hop's own cost is the viewer's wait less the
/// decoder's time on the request (which the reply states; the decoder fits the picture straight into the memory it
/// sends, so there is no copy of it to add): the part of a photo's time the process adds whatever the decode costs,
/// which on a loaded machine varies more than the hop itself.
func decoderHopBenchmark(in folder: URL, bundledPhoto: String, runs: Int = 300) throws {
    let path = folder.appendingPathComponent("1920x1280.jpg").path
    try DecodeComparison.writeJPEG(to: path, size: PixelSize(width: 1920, height: 1280), from: bundledPhoto)
    let session = try SDLSession(video: false)
    defer { withExtendedLifetime(session) {} }
    let decoder = ImageDecoder()
    let pool = ProcessDecoding.makePool(options: ImageOptions(), processCount: 1)
    defer { pool.shutdown() }
    let request = DecodeRequest(photo: PhotoID(0), source: .file(path: path), box: benchmarkPage, generation: 0)
    let message = DecoderRequest(boxWidth: 1280, boxHeight: 720, budgetBytes: 0, cpuSeconds: 0, fileExtension: "jpg")
    // The first decode waits for the process to load and sandbox itself: a cost of the start, not of a photo.
    let startedAt = now()
    _ = try ProcessDecoding.decode(request, pool: pool)
    let firstHop = now() - startedAt
    var inline: [Double] = []
    var hop: [Double] = []
    var overhead: [Double] = []
    for _ in 0..<runs {
        var start = now()
        _ = try decoder.decode(.file(path: path), fitting: benchmarkPage)
        inline.append(now() - start)
        start = now()
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        var decoderSeconds = 0.0
        if case .success(let answer) = pool.decode(descriptor: descriptor, request: message) {
            decoderSeconds = Double(answer.reply.decodeMicroseconds) / 1e6
            precondition(answer.pixels != nil, "the decoder process sent no pixels")
        }
        close(descriptor)
        let waited = now() - start
        hop.append(waited)
        overhead.append(waited - decoderSeconds)
    }
    func row(_ name: String, _ values: [Double]) -> String {
        let sorted = values.sorted()
        return
            "| \(name) | \(format(percentile(sorted, 0.5) * 1000, 2)) | \(format(percentile(sorted, 0.99) * 1000, 2)) |"
    }
    print("")
    print("## The decoder process hop: a 1920×1280 JPEG for a 1280×720 page, \(runs) runs interleaved")
    print("| per photo | median ms | p99 ms |")
    print("|---|---|---|")
    print(row("decode in the viewer's thread (inline, as tests inject it)", inline))
    print(row("decode in a gallery-decoder process (as the viewer does), the viewer's wait", hop))
    print(row("the hop's own cost (wait − decoder's time)", overhead))
    print("First decode of a new process (its start and sandbox included): \(format(firstHop * 1000, 1)) ms")
}
