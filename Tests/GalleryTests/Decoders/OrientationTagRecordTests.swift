import Testing

@testable import DecoderProcess
@testable import Support

/// Ctrl+S's answer from a decoder (`OrientationTagRecord`) is hostile input: only a whole record in range is taken, and
/// the viewer writes only at offsets inside the file it changes (`OrientationTagEdit.fits`).
@Suite("Orientation tag records")
struct OrientationTagRecordTests {
    /// A record with these raw fields.
    static func record(
        magic: UInt32 = 0x544F_4447, outcome: UInt32 = 0, value: UInt32 = 1, flags: UInt32 = 0,
        valueOffset: UInt64 = 40, checksumOffset: UInt64 = 0, size: Int = 64
    ) -> [UInt8] {
        var wire = WireBytes(count: size)
        wire.put(magic, at: 0)
        wire.put(outcome, at: 4)
        wire.put(value, at: 8)
        wire.put(flags, at: 12)
        wire.put(valueOffset, at: 16)
        wire.put(checksumOffset, at: 24)
        return wire.bytes
    }

    /// Case: a record, and whether the viewer takes it.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: [UInt8]
        var taken: Bool
        var testDescription: String { name }
    }

    @Test(
        "A record is taken only whole and in range",
        arguments: [
            Case(name: "a found tag", bytes: record(), taken: true),
            Case(name: "a PNG's, with its CRCs", bytes: record(flags: 3, checksumOffset: 80), taken: true),
            Case(name: "one byte short", bytes: record(size: 63), taken: false),
            Case(name: "one byte long", bytes: record(size: 65), taken: false),
            Case(name: "another magic", bytes: record(magic: 0x4454_4447), taken: false),
            Case(name: "an outcome no decoder sends", bytes: record(outcome: 5), taken: false),
            Case(name: "a flag no decoder sends", bytes: record(flags: 4), taken: false),
            Case(name: "value 0", bytes: record(value: 0), taken: false),
            Case(name: "value 9", bytes: record(value: 9), taken: false),
            Case(name: "an offset of 2^62", bytes: record(valueOffset: 1 << 62), taken: false),
            Case(name: "an offset of 2^64 − 1", bytes: record(valueOffset: .max), taken: false),
            Case(name: "a CRC offset of 2^64 − 1", bytes: record(flags: 2, checksumOffset: .max), taken: false),
            Case(name: "an invalid value inside 1…8", bytes: record(outcome: 4, value: 3), taken: false),
            Case(name: "an invalid value", bytes: record(outcome: 4, value: 300), taken: true),
            Case(name: "no tag", bytes: record(outcome: 2), taken: true),
        ])
    func takenWhole(_ example: Case) {
        #expect((OrientationTagRecord.decoded(example.bytes) != nil) == example.taken)
    }

    @Test("Every answer crosses as a record and back")
    func roundTrip() throws {
        let edits: [Result<OrientationTagEdit, TurnSavingRefusal>] = [
            .success(OrientationTagEdit(valueOffset: 30, bigEndian: true, value: 6, checksum: nil)),
            .success(
                OrientationTagEdit(
                    valueOffset: 70, bigEndian: false, value: 1,
                    checksum: (90, (1...8).map { UInt32($0) * 0x0101_0101 }))),
            .failure(.format), .failure(.noTag), .failure(.damaged), .failure(.invalidValue(300)),
        ]
        for edit in edits {
            #expect(try #require(OrientationTagRecord.decoded(OrientationTagRecord.encoded(edit))) == edit)
        }
    }

    /// Case: an edit, a file size, and whether the edit fits the file.
    struct Fit: Sendable, CustomTestStringConvertible {
        var valueOffset: Int
        var checksumOffset: Int?
        var size: Int
        var fits: Bool
        var testDescription: String {
            "value at \(valueOffset), CRC at \(String(describing: checksumOffset)) in \(size) B"
        }
    }

    @Test(
        "The viewer writes only inside the file",
        arguments: [
            Fit(valueOffset: 10, checksumOffset: nil, size: 12, fits: true),
            Fit(valueOffset: 11, checksumOffset: nil, size: 12, fits: false),
            Fit(valueOffset: -1, checksumOffset: nil, size: 12, fits: false),
            Fit(valueOffset: 2, checksumOffset: 8, size: 12, fits: true),
            Fit(valueOffset: 2, checksumOffset: 9, size: 12, fits: false),
            Fit(valueOffset: Int.max - 1, checksumOffset: nil, size: 12, fits: false),
            Fit(valueOffset: 0, checksumOffset: nil, size: 1, fits: false),
        ])
    func fits(_ example: Fit) {
        let edit = OrientationTagEdit(
            valueOffset: example.valueOffset, bigEndian: false, value: 1,
            checksum: example.checksumOffset.map { ($0, [UInt32](repeating: 0, count: 8)) })
        #expect(edit.fits(fileSize: example.size) == example.fits)
    }
}
