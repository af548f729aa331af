import PagerEngine

/// What must hold on every frame of every trace, whatever the input: the soak runs check each record against these.
public enum TraceInvariants {
    /// The most pages decoded or on screen at once outside three-surface mode: the current page, both neighbours
    /// and the prefetch window (`ResidencyPolicy`).
    public static let residentPageBudget = 3 + ResidencyPolicy().prefetch
    /// The page textures three-surface mode may hold: its three surfaces.
    public static let threeSurfaceTextures = 3

    /// The broken invariants of a trace of a run over `pageCount` pages, one line each, naming the frame; empty when
    /// every frame is sound.
    public static func violations(in records: [TraceRecord], pageCount: Int) -> [String] {
        guard !records.isEmpty else { return ["the trace has no frames"] }
        var found: [String] = []
        var previousTime = -Double.infinity
        for (index, record) in records.enumerated() {
            let problems = self.problems(in: record, pageCount: pageCount, previousTime: previousTime)
            found += problems.map { "frame \(index + 1) (t = \(record.t)): \($0)" }
            previousTime = record.t
        }
        return found
    }

    private static func problems(in record: TraceRecord, pageCount: Int, previousTime: Double) -> [String] {
        var problems: [String] = []
        if !(record.t.isFinite && record.t > previousTime) { problems.append("time \(record.t) after \(previousTime)") }
        if record.pages != pageCount { problems.append("pages \(record.pages), expected \(pageCount)") }
        if !(0..<record.pages).contains(record.page) { problems.append("page \(record.page) outside 0..<\(record.pages)") }
        for (name, value) in [("position", record.position), ("velocity", record.velocity), ("offset_px", record.offsetPixels)]
        where !value.isFinite {
            problems.append("\(name) is \(value)")
        }
        if let slot = record.slots.first(where: { !(-1..<record.pages).contains($0) }) {
            problems.append("slot shows page \(slot)")
        }
        let textureBudget = record.mode == .threeSurfaces ? threeSurfaceTextures : residentPageBudget
        if record.textures > textureBudget { problems.append("\(record.textures) textures, budget \(textureBudget)") }
        if record.mode == .threeSurfaces, record.slots.count != 3 { problems.append("\(record.slots.count) slots") }
        if record.decoded > residentPageBudget { problems.append("\(record.decoded) decoded, budget \(residentPageBudget)") }
        if !(0...residentPageBudget).contains(record.pending) { problems.append("\(record.pending) decodes pending") }
        if record.textureBytes < 0 { problems.append("texture bytes \(record.textureBytes)") }
        return problems
    }
}
