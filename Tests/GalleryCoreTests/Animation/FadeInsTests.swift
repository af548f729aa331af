import GalleryCore
import Testing

@Suite("Photos fading in over their placeholders")
struct FadeInsTests {
    /// Frames recorded at 0, 0.1, 0.2… (each after `advance(to:)`, as the frame step does), then photo 1's opacity
    /// and whether anything fades, both at `time`.
    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var frames: [[FadeIns.Sight]]
        var time: Double
        var opacity: Double
        var fading: Bool

        var description: String { name }
    }

    @Test(
        "Which arrivals fade in, and how far",
        arguments: [
            // The first photo ever drawn shows at once, placeholder before it or not.
            Case(name: "first photo", frames: [[.placeholder(1)], [.photo(1)]], time: 0.1, opacity: 1, fading: false),
            // After a photo was shown, one arriving over its placeholder starts at 0 and fades in over 0.1 s.
            Case(
                name: "arrival starts transparent", frames: [[.photo(0)], [.placeholder(1)], [.photo(1)]], time: 0.2,
                opacity: 0, fading: true),
            Case(
                name: "arrival halfway", frames: [[.photo(0)], [.placeholder(1)], [.photo(1)]], time: 0.25,
                opacity: 0.5, fading: true),
            Case(
                name: "arrival done", frames: [[.photo(0)], [.placeholder(1)], [.photo(1)]], time: 0.31, opacity: 1,
                fading: false),
            // The first photo counts as shown from its own slot on: a later slot of the same frame fades.
            Case(
                name: "second slot of the first frame",
                frames: [[.placeholder(0), .placeholder(1)], [.photo(0), .photo(1)]],
                time: 0.15, opacity: 0.5, fading: true),
            // Only a placeholder in the frame just before counts.
            Case(
                name: "placeholder two frames ago",
                frames: [[.photo(0)], [.placeholder(1)], [.photo(0)], [.photo(1)]], time: 0.3, opacity: 1,
                fading: false),
            // A photo drawn as itself all along never fades.
            Case(name: "never waited", frames: [[.photo(0), .photo(1)]], time: 0, opacity: 1, fading: false),
        ])
    func arrivals(_ example: Case) {
        var fades = FadeIns()
        for (index, frame) in example.frames.enumerated() {
            let time = Double(index) / 10
            fades.advance(to: time)
            fades.record(frame, at: time)
        }
        #expect(abs(fades.opacity(of: 1, at: example.time) - example.opacity) < 1e-9)
        #expect(fades.isFadingIn(at: example.time) == example.fading)
    }

    /// The frame step drops a finished fade once and says so, so one more frame shows it fully opaque.
    @Test("A finished fade asks for one last frame")
    func finishedFadeAsksForOneFrame() {
        var fades = FadeIns()
        fades.record([.photo(0)], at: 0)
        fades.record([.placeholder(1)], at: 0.1)
        fades.record([.photo(1)], at: 0.2)
        let midway = fades.advance(to: 0.25)
        #expect(!midway && fades.isFadingIn(at: 0.25))
        let done = fades.advance(to: 0.35)
        #expect(done && !fades.isFadingIn(at: 0.35))
        let after = fades.advance(to: 0.4)
        #expect(!after)
    }
}
