import ImageLoader
import Testing

@testable import Gallery
@testable import ImageDecoders
@testable import Imaging

/// The display's profile arrives once the window exists and may change later: decodes convert to the profile current
/// when they finish, and a picture already returned under an older one is reported, to be decoded again.
@Suite("Display profile")
struct DisplayProfileTests {
    static let profile = [UInt8](repeating: 7, count: 200)
    static let other = [UInt8](repeating: 9, count: 300)

    @Test("a decode converts to the profile of its time; a change with no picture returned yet reports none stale")
    func decodesTakeTheCurrentProfile() throws {
        let display = DisplayProfile()
        #expect(try display.decode(with: ImageDecoder()) { $0.outputProfile } == nil)
        let freshDisplay = DisplayProfile()
        #expect(freshDisplay.update(Self.profile) == false)
        #expect(try freshDisplay.decode(with: ImageDecoder()) { $0.outputProfile } == Self.profile)
    }

    @Test("a picture returned before the profile changed is reported stale, once; the same profile again is no change")
    func returnedPicturesAreStale() throws {
        let display = DisplayProfile()
        _ = try display.decode(with: ImageDecoder()) { $0.outputProfile }
        #expect(display.update(Self.profile))
        #expect(display.update(Self.profile) == false)
        #expect(display.update(Self.other) == false)
        _ = try display.decode(with: ImageDecoder()) { $0.outputProfile }
        #expect(display.update(nil))
        #expect(display.bytes == nil)
    }

    @Test("a decode during which the profile changes is done again, to the new profile")
    func decodeRacingAChangeIsRedone() throws {
        let display = DisplayProfile()
        var calls = 0
        let used = try display.decode(with: ImageDecoder()) { decoder in
            calls += 1
            if calls == 1 { display.update(Self.profile) }
            return decoder.outputProfile
        }
        #expect(used == Self.profile)
        #expect(calls == 2)
        // Nothing was returned under the old profile: the redone decode counts under the new one.
        #expect(display.update(Self.other))
    }

    @Test(
        "only bytes that could be a profile are taken: an ICC header and tag count, within the embedded limit",
        arguments: [
            (0, false), (131, false), (132, true), (EmbeddedColour.maximumProfileBytes, true),
            (EmbeddedColour.maximumProfileBytes + 1, false),
        ])
    func plausibleSizes(count: Int, taken: Bool) {
        let bytes = [UInt8](repeating: 1, count: count)
        let read = bytes.withUnsafeBytes { DisplayProfile.plausible($0) }
        #expect((read != nil) == taken)
        if taken { #expect(read == bytes) }
    }
}
