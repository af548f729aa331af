import GalleryCore
import GalleryCoreTesting
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
        #expect(TraceInvariants.violations(in: [Self.sound, later], pageCount: 10, textureByteBudget: 4000).isEmpty)
    }

    @Test(
        "each broken invariant is reported with its frame",
        arguments: [
            (changed { r in r.page = 10 }, "page 10 outside 0..<10"),
            (changed { r in r.page = -1 }, "page -1 outside 0..<10"),
            (changed { r in r.position = .nan }, "position is nan"),
            (changed { r in r.velocity = .infinity }, "velocity is inf"),
            (changed { r in r.offsetPixels = -.infinity }, "offset_px is -inf"),
            (changed { r in r.textures = 4 }, "4 textures, three-surface mode holds 3"),
            (changed { r in r.textureBytes = 4001 }, "4001 texture bytes, budget 4000"),
            (
                changed { r in
                    r.mode = .endCaps; r.textureBytes = -1
                }, "-1 texture bytes, budget 4000"
            ),
            (changed { r in r.slots = [2, 3] }, "2 slots"),
            (changed { r in r.slots = [2, 3, 11] }, "slot shows page 11"),
            (changed { r in r.pending = -1 }, "negative counts: 3 textures, 3 decoded, -1 pending"),
            (
                changed { r in
                    r.pages = 9; r.page = 3
                }, "pages 9, expected at least 10"
            ),
            (changed { r in r.t = 0.5 }, "time 0.5 after 0.5"),
        ])
    func broken(broken: TraceRecord, message: String) {
        let violations = TraceInvariants.violations(in: [Self.sound, broken], pageCount: 10, textureByteBudget: 4000)
        #expect(violations.contains { $0.hasPrefix("frame 2 ") && $0.hasSuffix(message) }, "\(violations)")
    }

    @Test("files that cannot be shown may leave the count, down to the opening pages less them, never below")
    func unshowableLeave() {
        var dropped = Self.sound
        dropped.t = 2
        dropped.pages = 8
        dropped.page = 3
        #expect(
            TraceInvariants.violations(
                in: [Self.sound, dropped], pageCount: 10, unshowable: 2, textureByteBudget: 4000
            )
            .isEmpty)
        #expect(
            TraceInvariants.violations(
                in: [Self.sound, dropped], pageCount: 10, unshowable: 1, textureByteBudget: 4000)
                == ["frame 2 (t = 2.0): pages 8, expected at least 9"])
    }

    @Test("a feed's page count never shrinks while the feed is shown; leaving it may show the opening pages again")
    func feedGrowth() {
        func record(_ t: Double, _ mode: GalleryMode, pages: Int) -> TraceRecord {
            var record = Self.sound
            record.t = t
            record.mode = mode
            record.pages = pages
            return record
        }
        let left = [record(1, .feed, pages: 15), record(2, .endCaps, pages: 10)]
        #expect(TraceInvariants.violations(in: left, pageCount: 10, textureByteBudget: 4000).isEmpty)
        let shrunk = [record(1, .feed, pages: 15), record(2, .feed, pages: 14)]
        #expect(
            TraceInvariants.violations(in: shrunk, pageCount: 10, textureByteBudget: 4000)
                == ["frame 2 (t = 2.0): pages 14, expected at least 15"])
    }

    /// Two feed frames: `before`, then `after` with `events`.
    static func feedFrames(
        _ before: (inout TraceRecord) -> Void, _ after: (inout TraceRecord) -> Void, events: [String]
    ) -> [TraceRecord] {
        var first = Self.sound
        first.mode = .feed
        first.slots = [2, 3, 4]
        before(&first)
        var second = first
        second.t = first.t + 0.1
        second.events = events
        after(&second)
        return [first, second]
    }

    @Test(
        "a feed grows only by what an answer appends, and an append moves neither the page nor a strip at rest",
        arguments: [
            (feedFrames({ _ in }, { $0.pages = 16 }, events: ["appended:6"]), nil),
            (
                feedFrames(
                    { _ in },
                    {
                        $0.pages = 16; $0.page = 4; $0.position = 3.2; $0.phase = "settling"
                    },
                    events: ["appended:6", "pageChanged:4"]), nil
            ),
            (
                feedFrames(
                    { $0.phase = "settling" },
                    {
                        $0.pages = 16; $0.position = 3.1; $0.phase = "settling"
                    },
                    events: ["appended:6"]), nil
            ),
            (feedFrames({ _ in }, { $0.pages = 12 }, events: []), "pages 10 → 12 with 0 appended"),
            (feedFrames({ _ in }, { $0.pages = 15 }, events: ["appended:6"]), "pages 10 → 15 with 6 appended"),
            (
                feedFrames(
                    { _ in },
                    {
                        $0.pages = 16; $0.page = 4
                    }, events: ["appended:6"]),
                "an append moved the page from 3 to 4"
            ),
            (
                feedFrames(
                    { _ in },
                    {
                        $0.pages = 16; $0.position = 3.5
                    }, events: ["appended:6"]),
                "an append moved the strip at rest from 3.0 to 3.5"
            ),
        ] as [([TraceRecord], String?)])
    func feedAppends(frames: [TraceRecord], message: String?) {
        let violations = TraceInvariants.violations(in: frames, pageCount: 10, textureByteBudget: 4000)
        #expect(violations == message.map { ["frame 2 (t = 0.6): \($0)"] } ?? [])
    }

    @Test("an empty trace is a violation")
    func empty() {
        #expect(
            TraceInvariants.violations(in: [], pageCount: 1, textureByteBudget: 4000) == ["the trace has no frames"])
    }
}
