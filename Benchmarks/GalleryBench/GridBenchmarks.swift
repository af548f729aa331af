import Foundation
import Gallery
import GalleryCore
import GalleryScene
import Imaging
import PagerEngine

/// The resident memory now (not the peak), in MiB, from /proc/self/statm.
func currentResidentMiB() -> Double {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return .nan }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Double(fields[1]) else { return .nan }
    return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
}

/// Flings a grid of 100,000 photos at 1280×720 from the top to the end and back through the model and the layout at
/// 60 Hz (a drag flick, then frames until rest, repeated), timing each frame's work: advancing the scroll, the
/// visible cells, the outline, the scroll thumb and the photos to decode. Prints p50 and p99 per frame and the
/// resident memory before and after.
func gridFlingBenchmark() {
    let photos = 100_000
    var model = GalleryModel(photoCount: photos, mode: .grid, viewport: Viewport(width: 1280, height: 720))
    let before = currentResidentMiB()
    var costs: [Double] = []
    var time = 0.0
    var checksum = 0
    var frame = 0
    func frameWork() {
        let start = now()
        _ = model.advance(to: time)
        guard let grid = model.screen.grid else { return }
        let offset = grid.offset(at: time)
        let cells = grid.layout.visibleCells(offset: offset)
        let outline = grid.layout.outline(photo: grid.selection, offset: offset)
        let thumb = grid.layout.scrollThumb(offset: offset)
        checksum &+= cells.count + outline.y + (thumb?.y ?? 0) + (model.gridWants?.photos.count ?? 0)
        costs.append((now() - start) * 1000)
    }
    // Down to the end, then back to the top: flicks of 8,000 px/s (the tracker's cap) until the end is reached.
    for direction in [1.0, -1.0] {
        for _ in 0..<2_000 {
            let offset = model.screen.grid!.offset(at: time)
            let maxOffset = model.screen.grid!.layout.scrollGeometry.maxOffset
            if direction > 0 ? offset >= maxOffset : offset <= 0 { break }
            _ = model.handle(.user(.pointerDown(x: 640, y: 360)), at: time)
            for step in 1...5 {
                time += 1.0 / 60
                _ = model.handle(.user(.pointerMove(x: 640, y: 360 - direction * 133 * Double(step))), at: time)
                frameWork()
            }
            _ = model.handle(.user(.pointerUp(x: 640, y: 360 - direction * 665)), at: time)
            // Glide for up to half a second, then flick again (a user's repeated flicks).
            for _ in 0..<30 {
                time += 1.0 / 60
                frameWork()
            }
            frame += 1
        }
    }
    let after = currentResidentMiB()
    let sorted = costs.sorted()
    precondition(checksum != 0)
    print("")
    print("## Grid: 100,000 photos at 1280×720 flung end to end and back at 60 Hz (model + layout, no drawing)")
    print("| frames | flicks | p50 ms | p99 ms | max ms | resident before MiB | resident after MiB |")
    print("|---|---|---|---|---|---|---|")
    print(
        "| \(costs.count) | \(frame) | \(format(percentile(sorted, 0.5), 4)) | \(format(percentile(sorted, 0.99), 4)) "
            + "| \(format(sorted.last ?? .nan, 4)) | \(format(before, 1)) | \(format(after, 1)) |")
}

/// Flings a painted grid of 100,000 generated photos at 1280×720 (software renderer, thumbnails decoding on their own
/// thread as in the window) from the top to the end at 60 Hz, timing each frame's main-thread work: advancing, taking
/// the decoded thumbnails (uploads) and drawing. Prints p50 and p99 per frame, the most thumbnail and page textures
/// held, and the resident memory before, after the first 100 flicks (the thumbnails' three screens filled) and after.
@MainActor
func gridPaintedFlingBenchmark() throws {
    let session = try SDLSession(video: false)
    defer { withExtendedLifetime(session) {} }
    let target = try Surface(width: 1280, height: 720, opaque: true)
    let renderer = try Renderer(target: target)
    let worker = DecodeWorker(threadCount: 1, wakeEventType: nil)
    let thumbnailWorker = DecodeWorker(threadCount: 1, wakeEventType: nil)
    defer {
        worker.shutdown()
        thumbnailWorker.shutdown()
    }
    let gallery = try GalleryController(
        library: PageLibrary(syntheticCount: 100_000), mode: .grid, renderer: renderer, worker: worker,
        thumbnailWorker: thumbnailWorker)
    let before = currentResidentMiB()
    var costs: [Double] = []
    var mostTextures = 0
    var time = 0.0
    var flicks = 0
    var settled = Double.nan
    func frame() throws {
        time += 1.0 / 60
        let start = now()
        gallery.advance(to: time)
        // The window's budget (`WindowRun.uploadBudget`): a burst of thumbnails spreads over frames.
        try gallery.receiveDecodes(uploadBudget: 2)
        try gallery.render()
        costs.append((now() - start) * 1000)
        mostTextures = max(
            mostTextures, gallery.traceRecord(time: time, frameMilliseconds: 0, events: []).textures)
    }
    while let grid = gallery.model.screen.grid, grid.offset(at: time) < grid.layout.scrollGeometry.maxOffset,
        flicks < 2_000
    {
        gallery.apply(.pointerDown(x: 640, y: 360), at: time)
        for step in 1...5 {
            try frame()
            gallery.apply(.pointerMove(x: 640, y: 360 - 133 * Double(step)), at: time)
        }
        gallery.apply(.pointerUp(x: 640, y: 360 - 665), at: time)
        for _ in 0..<30 { try frame() }
        flicks += 1
        if flicks == 100 { settled = currentResidentMiB() }
    }
    let after = currentResidentMiB()
    let sorted = costs.sorted()
    print("")
    print(
        "## Grid painted: 100,000 photos at 1280×720 flung end to end at 60 Hz (advance, thumbnail uploads, drawing; "
            + "software renderer)")
    print(
        "| frames | flicks | p50 ms | p99 ms | max ms | most textures | resident before MiB | after 100 flicks MiB "
            + "| resident after MiB |")
    print("|---|---|---|---|---|---|---|---|---|")
    print(
        "| \(costs.count) | \(flicks) | \(format(percentile(sorted, 0.5), 3)) | \(format(percentile(sorted, 0.99), 3)) "
            + "| \(format(sorted.last ?? .nan, 3)) | \(mostTextures) | \(format(before, 1)) | \(format(settled, 1)) "
            + "| \(format(after, 1)) |")
}
