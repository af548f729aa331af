import GalleryCore
import PagerEngine
import Testing

@Suite("Trace invariants")
struct TraceInvariantsTests {
    static let sound = TraceRecord(
        t: 0.5, mode: .threeSurfaces, page: 3, position: 3, phase: "idle", slots: [2, 3, 4], textures: 3,
        textureBytes: 1000, frameMilliseconds: 1, pages: 10, velocity: 0, offsetPixels: 960, decoded: 3, pending: 0,
        events: [])

    /// The sound record, a frame later, with `change` applied.
    static func changed(_ change: (inout TraceRecord) -> Void) -> TraceRecord {
        var record = sound
        record.t = 0.6
        change(&record)
        return record
    }

    @Test("a sound trace has no violations")
    func sound() {
        var later = Self.sound
        later.t = 0.6
        #expect(TraceInvariants.violations(in: [Self.sound, later], pageCount: 10).isEmpty)
    }

    @Test("each broken invariant is reported with its frame", arguments: [
        (changed { r in r.page = 10 }, "page 10 outside 0..<10"),
        (changed { r in r.page = -1 }, "page -1 outside 0..<10"),
        (changed { r in r.position = .nan }, "position is nan"),
        (changed { r in r.velocity = .infinity }, "velocity is inf"),
        (changed { r in r.offsetPixels = -.infinity }, "offset_px is -inf"),
        (changed { r in r.textures = 4 }, "4 textures, budget 3"),
        (changed { r in r.mode = .endCaps; r.textures = 6 }, "6 textures, budget 5"),
        (changed { r in r.slots = [2, 3] }, "2 slots"),
        (changed { r in r.slots = [2, 3, 11] }, "slot shows page 11"),
        (changed { r in r.decoded = 6 }, "6 decoded, budget 5"),
        (changed { r in r.pending = -1 }, "-1 decodes pending"),
        (changed { r in r.pages = 11 }, "pages 11, expected 10"),
        (changed { r in r.t = 0.5 }, "time 0.5 after 0.5"),
    ])
    func broken(broken: TraceRecord, message: String) {
        let violations = TraceInvariants.violations(in: [Self.sound, broken], pageCount: 10)
        #expect(violations.contains { $0.hasPrefix("frame 2 ") && $0.hasSuffix(message) }, "\(violations)")
    }

    @Test("an empty trace is a violation")
    func empty() {
        #expect(TraceInvariants.violations(in: [], pageCount: 1) == ["the trace has no frames"])
    }
}
