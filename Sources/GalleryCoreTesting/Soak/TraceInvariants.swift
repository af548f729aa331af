import GalleryCore
import PagerEngine

/// What must hold on every frame of every trace, whatever the input: the soak runs check each record against these.
public enum TraceInvariants {
    /// The page textures three-surface mode may hold: its three surfaces.
    public static let threeSurfaceTextures = 3

    /// The broken invariants of a trace of a run that opened `pageCount` pages, up to `unshowable` of them files that
    /// cannot be shown (they leave the count when met), and may keep `textureByteBudget` bytes of textures
    /// (`--cache-mb`), one line each, naming the frame; empty when every frame is sound.
    public static func violations(
        in records: [TraceRecord], pageCount: Int, unshowable: Int = 0, textureByteBudget: Int
    ) -> [String] {
        guard !records.isEmpty else { return ["the trace has no frames"] }
        var found: [String] = []
        var previous: TraceRecord?
        for (index, record) in records.enumerated() {
            let problems = self.problems(
                in: record, pageCount: max(pageCount - unshowable, 1), textureByteBudget: textureByteBudget,
                previous: previous)
            found += problems.map { "frame \(index + 1) (t = \(record.t)): \($0)" }
            previous = record
        }
        return found
    }

    private static func problems(
        in record: TraceRecord, pageCount: Int, textureByteBudget: Int, previous: TraceRecord?
    ) -> [String] {
        var problems: [String] = []
        let previousTime = previous?.t ?? -.infinity
        if !(record.t.isFinite && record.t > previousTime) { problems.append("time \(record.t) after \(previousTime)") }
        // A feed appends pages and never removes one while it is shown; other modes show at least the opening pages
        // that can be shown.
        let stillFeed = previous?.mode == .feed && record.mode == .feed
        let fewestPages = max(pageCount, stillFeed ? previous?.pages ?? 0 : 0)
        if record.pages < fewestPages { problems.append("pages \(record.pages), expected at least \(fewestPages)") }
        if stillFeed, let previous { problems += feedProblems(in: record, previous: previous) }
        if !(0..<record.pages).contains(record.page) {
            problems.append("page \(record.page) outside 0..<\(record.pages)")
        }
        for (name, value) in [
            ("position", record.position), ("velocity", record.velocity), ("offset_px", record.offsetPixels),
        ]
        where !value.isFinite {
            problems.append("\(name) is \(value)")
        }
        if let slot = record.slots.first(where: { !(-1..<record.pages).contains($0) }) {
            problems.append("slot shows page \(slot)")
        }
        if record.mode == .threeSurfaces {
            if record.textures > threeSurfaceTextures {
                problems.append("\(record.textures) textures, three-surface mode holds \(threeSurfaceTextures)")
            }
            if record.slots.count != 3 { problems.append("\(record.slots.count) slots") }
        }
        if !(0...textureByteBudget).contains(record.textureBytes) {
            problems.append("\(record.textureBytes) texture bytes, budget \(textureByteBudget)")
        }
        if record.pending < 0 || record.decoded < 0 || record.textures < 0 {
            problems.append(
                "negative counts: \(record.textures) textures, \(record.decoded) decoded, \(record.pending) pending")
        }
        return problems
    }

    /// A feed grows only by the pages an answer appends, and an append moves nothing: the page shown stays unless the
    /// same frame's input or animation changed it, and a strip at rest stays exactly where it was.
    private static func feedProblems(in record: TraceRecord, previous: TraceRecord) -> [String] {
        var problems: [String] = []
        let appended = record.events.reduce(0) { sum, event in
            sum + (event.hasPrefix("appended:") ? Int(event.dropFirst("appended:".count)) ?? 0 : 0)
        }
        // (A shrink is reported above.)
        if record.pages >= previous.pages && record.pages != previous.pages + appended {
            problems.append("pages \(previous.pages) → \(record.pages) with \(appended) appended")
        }
        guard appended > 0 else { return problems }
        let moved = record.events.contains { $0.hasPrefix("pageChanged:") || $0.hasPrefix("jumped:") }
        if record.page != previous.page && !moved {
            problems.append("an append moved the page from \(previous.page) to \(record.page)")
        }
        if previous.phase == "idle" && record.phase == "idle" && record.position != previous.position && !moved {
            problems.append("an append moved the strip at rest from \(previous.position) to \(record.position)")
        }
        return problems
    }
}
