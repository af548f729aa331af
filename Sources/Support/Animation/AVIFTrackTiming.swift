/// Each frame's duration in an AVIF image sequence, read from its colour track's boxes in one pass: the media timescale
/// (`mdhd`) and the time-to-sample table (`stts`: runs of samples sharing a delta). libavif 0.11 answers a frame's
/// timing by walking the table from the first sample each time (quadratic over a sequence, cubic with varied delays), so
/// the clock is read here instead, the way libavif reads it: the colour track is the first with AV1 samples (`av01`)
/// that is no auxiliary track (`tref` of type `auxl`: the alpha), and frames past the table's end take its last delta.
///
/// Hostile files are expected: every read is bounds-checked, each box walked consumes at least its 8-byte header, at
/// most `maximumBoxes` boxes are looked at in any container, and delays are made for exactly the frames the caller
/// counted (libavif's count, itself bounded).
public enum AVIFTrackTiming {
    /// Boxes looked at within any one container, so a file of empty boxes ends the walk.
    static let maximumBoxes = 4096

    /// The durations in seconds of the first `frameCount` frames of the sequence in `bytes`; nil when no colour track
    /// with a timescale and a time-to-sample table is found.
    public static func delays(in bytes: UnsafeRawBufferPointer, frameCount: Int) -> [Double]? {
        guard frameCount > 0, let movie = child("moov", of: 0..<bytes.count, in: bytes) else { return nil }
        for track in children("trak", of: movie, in: bytes) {
            if let references = child("tref", of: track, in: bytes), child("auxl", of: references, in: bytes) != nil {
                continue
            }
            guard let media = child("mdia", of: track, in: bytes),
                let timescale = timescale(child("mdhd", of: media, in: bytes), in: bytes),
                let information = child("minf", of: media, in: bytes),
                let table = child("stbl", of: information, in: bytes),
                let descriptions = child("stsd", of: table, in: bytes),
                contains("av01", in: descriptions, bytes),
                let runs = child("stts", of: table, in: bytes)
            else { continue }
            return expanded(runs, in: bytes, frameCount: frameCount, timescale: timescale)
        }
        return nil
    }

    /// The `mdhd` box's timescale (after version and flags, two times of 4 bytes, or of 8 in version 1); nil when it is
    /// 0 or the box is short.
    private static func timescale(_ box: Range<Int>?, in bytes: UnsafeRawBufferPointer) -> Int? {
        guard let box, let version = byte(at: box.lowerBound, box, bytes) else { return nil }
        let offset = box.lowerBound + (version == 1 ? 20 : 12)
        guard let value = word(at: offset, box, bytes), value > 0 else { return nil }
        return value
    }

    /// The delays `stts` gives `frameCount` frames: each run's delta over the timescale, the last run's for frames past
    /// the table (libavif's reading); a table without runs gives each frame one tick, as libavif does.
    private static func expanded(
        _ box: Range<Int>, in bytes: UnsafeRawBufferPointer, frameCount: Int, timescale: Int
    ) -> [Double]? {
        guard let count = word(at: box.lowerBound + 4, box, bytes) else { return nil }
        var delays: [Double] = []
        delays.reserveCapacity(frameCount)
        var last = 1
        for run in 0..<min(count, (box.count - 8) / 8) where delays.count < frameCount {
            let offset = box.lowerBound + 8 + run * 8
            guard let samples = word(at: offset, box, bytes), let delta = word(at: offset + 4, box, bytes) else {
                return nil
            }
            last = delta
            delays += repeatElement(Double(delta) / Double(timescale), count: min(samples, frameCount - delays.count))
        }
        if delays.count < frameCount {
            delays += repeatElement(Double(last) / Double(timescale), count: frameCount - delays.count)
        }
        return delays
    }

    /// Whether the `stsd` box's payload names a sample entry of type `type` (its entries follow the version, flags and
    /// entry count: each a box of its own).
    private static func contains(_ type: String, in box: Range<Int>, _ bytes: UnsafeRawBufferPointer) -> Bool {
        guard box.count > 8 else { return false }
        return child(type, of: (box.lowerBound + 8)..<box.upperBound, in: bytes) != nil
    }

    /// The payload of the first box of `type` among the boxes filling `range`.
    static func child(_ type: String, of range: Range<Int>, in bytes: UnsafeRawBufferPointer) -> Range<Int>? {
        children(type, of: range, in: bytes).first
    }

    /// The payloads of the boxes of `type` among the boxes filling `range`, in order.
    static func children(_ type: String, of range: Range<Int>, in bytes: UnsafeRawBufferPointer) -> [Range<Int>] {
        var found: [Range<Int>] = []
        var position = range.lowerBound
        for _ in 0..<maximumBoxes {
            guard let size = word(at: position, range, bytes), position + 8 <= range.upperBound else { break }
            var header = 8
            var length = size
            if size == 1 {
                // A 64-bit size: its high word must be 0 (no box here is 4 GiB).
                guard word(at: position + 8, range, bytes) == 0, let low = word(at: position + 12, range, bytes) else {
                    break
                }
                header = 16
                length = low
            } else if size == 0 {
                length = range.upperBound - position  // To the end of its container.
            }
            guard length >= header, length <= range.upperBound - position else { break }
            let name = (4..<8).map { bytes[position + $0] }
            if name.elementsEqual(type.utf8) { found.append((position + header)..<(position + length)) }
            position += length
        }
        return found
    }

    /// The big-endian 32-bit word at `offset`, when it lies inside `range` (and the bytes).
    private static func word(at offset: Int, _ range: Range<Int>, _ bytes: UnsafeRawBufferPointer) -> Int? {
        guard offset >= range.lowerBound, offset <= range.upperBound - 4, offset + 4 <= bytes.count else { return nil }
        return (0..<4).reduce(0) { $0 << 8 | Int(bytes[offset + $1]) }
    }

    /// The byte at `offset`, when it lies inside `range`.
    private static func byte(at offset: Int, _ range: Range<Int>, _ bytes: UnsafeRawBufferPointer) -> UInt8? {
        offset >= range.lowerBound && offset < range.upperBound && offset < bytes.count ? bytes[offset] : nil
    }
}
