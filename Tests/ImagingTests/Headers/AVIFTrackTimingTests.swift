import Support
import Testing

/// An AVIF sequence's clock read from hand-made boxes: the colour track's `stts` runs over its `mdhd` timescale, the
/// alpha track passed over, frames past the table taking its last delta, and hostile boxes refused or cut.
@Suite struct AVIFTrackTimingTests {
    /// A box of `type` holding `payload`.
    static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        word(8 + payload.count) + Array(type.utf8) + payload
    }

    static func word(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }

    /// A track of AV1 samples (`entry` its sample entry's type) timed by `runs` (samples, delta) over `timescale`;
    /// `alpha`: an auxiliary track (`tref` of type `auxl`).
    static func track(
        runs: [(Int, Int)], timescale: Int, claimedRuns: Int? = nil, version: UInt8 = 0, entry: String = "av01",
        alpha: Bool = false
    ) -> [UInt8] {
        let times = version == 1 ? [UInt8](repeating: 0, count: 16) : [UInt8](repeating: 0, count: 8)
        let header = box("mdhd", [version, 0, 0, 0] + times + word(timescale) + word(0))
        let descriptions = box("stsd", word(0) + word(1) + box(entry, [UInt8](repeating: 0, count: 78)))
        let table = box("stts", word(0) + word(claimedRuns ?? runs.count) + runs.flatMap { word($0.0) + word($0.1) })
        let media = box("mdia", header + box("minf", box("stbl", descriptions + table)))
        return box("trak", (alpha ? box("tref", box("auxl", word(1))) : []) + media)
    }

    static func delays(_ tracks: [UInt8], frameCount: Int, after prefix: [UInt8] = []) -> [Double]? {
        let file = box("ftyp", Array("avis".utf8) + word(0)) + prefix + box("moov", tracks)
        return file.withUnsafeBytes { AVIFTrackTiming.delays(in: $0, frameCount: frameCount) }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var tracks: [UInt8]
        var frameCount: Int
        var expected: [Double]?
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "runs over the timescale", tracks: track(runs: [(2, 100), (1, 250)], timescale: 1000), frameCount: 3,
            expected: [0.1, 0.1, 0.25]),
        Case(
            name: "frames past the table take its last delta",
            tracks: track(runs: [(1, 30), (1, 60)], timescale: 600), frameCount: 4, expected: [0.05, 0.1, 0.1, 0.1]),
        Case(
            name: "a table longer than the frames counted is cut",
            tracks: track(runs: [(5, 1)], timescale: 10), frameCount: 2, expected: [0.1, 0.1]),
        Case(
            name: "the alpha track is passed over",
            tracks: track(runs: [(2, 7)], timescale: 7, alpha: true) + track(runs: [(2, 500)], timescale: 1000),
            frameCount: 2, expected: [0.5, 0.5]),
        Case(
            name: "mdhd version 1", tracks: track(runs: [(2, 1)], timescale: 4, version: 1), frameCount: 2,
            expected: [0.25, 0.25]),
        Case(
            name: "a run count past the box reads the runs it holds",
            tracks: track(runs: [(1, 2)], timescale: 20, claimedRuns: 1 << 30), frameCount: 2, expected: [0.1, 0.1]),
        Case(
            name: "no AV1 samples: no clock", tracks: track(runs: [(2, 1)], timescale: 10, entry: "hvc1"),
            frameCount: 2,
            expected: nil),
        Case(
            name: "a timescale of 0: no clock", tracks: track(runs: [(2, 1)], timescale: 0), frameCount: 2,
            expected: nil),
        Case(
            name: "a box claiming more than its container: no clock",
            tracks: Array(track(runs: [(2, 1)], timescale: 10).dropLast(4)), frameCount: 2, expected: nil),
    ]

    @Test("The colour track's clock, hostile boxes refused", arguments: cases)
    func clock(_ example: Case) {
        #expect(Self.delays(example.tracks, frameCount: example.frameCount) == example.expected)
    }

    @Test("A 64-bit box size before the movie is followed; 4 GiB or more is refused")
    func largeSizes() {
        let track = Self.track(runs: [(2, 1)], timescale: 2)
        let free = Self.word(1) + Array("free".utf8) + Self.word(0) + Self.word(16)
        #expect(Self.delays(track, frameCount: 2, after: free) == [0.5, 0.5])
        let huge = Self.word(1) + Array("free".utf8) + Self.word(1) + Self.word(16)
        #expect(Self.delays(track, frameCount: 2, after: huge) == nil)
    }
}
