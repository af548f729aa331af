import Foundation
import Gallery
import GalleryCore
import Glibc
import ImageDecoders
import ImageLoader
import Imaging
import Support

/// Prints the time the wheel's thumbnail worker takes to make the thumbnails of `count` 12 MP photos at 1280×720 (the
/// wheel's 78 × 78 box): without the shared cache, cold (an empty cache, every thumbnail decoded and written) and warm
/// (the cache filled: each photo's 128-pixel thumbnail read instead).
func thumbnailCacheBenchmark(in folder: URL, bundledPhoto: String, count: Int = 300) throws {
    let photos = folder.appendingPathComponent("thumbnail-photos")
    try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
    let original = photos.appendingPathComponent("photo-0000.jpg").path
    try DecodeComparison.writeJPEG(to: original, size: PixelSize(width: 4000, height: 3000), from: bundledPhoto)
    let paths =
        [original] + (1..<count).map { photos.appendingPathComponent(String(format: "photo-%04d.jpg", $0)).path }
    for path in paths.dropFirst() { try FileManager.default.copyItem(atPath: original, toPath: path) }
    let root = folder.appendingPathComponent("xdg/thumbnails").path
    let box = PixelSize(width: 78, height: 78)
    let session = try SDLSession(video: false)
    /// Seconds to make every thumbnail on one thread (the thumbnail worker's), and the cache's bytes written.
    func fill(cache: ThumbnailCache?) -> (seconds: Double, written: Int) {
        let decoder = ImageOptions().makeDecoder()
        let maker = ThumbnailMaker(decoder: decoder, cache: cache)
        let worker = DecodeWorker(threadCount: 1, wakeEventType: nil, budget: decoder.budget) {
            request throws(DecodeFailure) in try maker.thumbnail(request)
        }
        defer { worker.shutdown() }
        let start = now()
        for (index, path) in paths.enumerated() {
            worker.submit(DecodeRequest(photo: PhotoID(index), source: .file(path: path), box: box, generation: 0))
        }
        worker.waitUntilIdle()
        let failed = worker.drainResults().filter { if case .failure = $0.outcome { true } else { false } }.count
        precondition(failed == 0, "\(failed) thumbnails failed")
        return (now() - start, cache?.bytesWritten ?? 0)
    }
    let none = fill(cache: nil)
    let cold = fill(cache: ThumbnailCache(root: root, version: "bench"))
    let warm = fill(cache: ThumbnailCache(root: root, version: "bench"))
    withExtendedLifetime(session) {}
    print("")
    print("## The wheel's thumbnails of \(count) 12 MP JPEGs (4000×3000) at 1280×720, one thread: time to fill")
    print("| shared thumbnail cache | seconds | ms per photo | written to the cache, KiB |")
    print("|---|---|---|---|")
    for (name, run) in [("none (`--no-thumbnail-cache`)", none), ("cold (empty)", cold), ("warm (filled)", warm)] {
        print(
            "| \(name) | \(format(run.seconds)) | \(format(run.seconds * 1000 / Double(count), 1)) "
                + "| \(run.written / 1024) |")
    }
    print("| warm vs cold | \(format(cold.seconds / warm.seconds, 1))× faster | | |")
}
