import GalleryCore
import PagerEngine
import Testing

@Suite("Notch bursts")
struct NotchBurstTests {
    /// Notches as (seconds, dx), and which of them begin a swipe.
    static let bursts: [(notches: [(Double, Double)], begins: [Bool])] = [
        // xdotool click --repeat 10 --delay 15 7: ten notches right, 15 ms apart (plus the click's own time).
        ((0..<10).map { (1 + Double($0) * 0.016, 1) }, [true] + Array(repeating: false, count: 9)),
        // A long swipe: each notch within 150 ms of the one before, however long the burst.
        ((0..<20).map { (1 + Double($0) * 0.14, -1) }, [true] + Array(repeating: false, count: 19)),
        // Two swipes, a pause of more than 150 ms between them: two pages.
        ([(1, 1), (1.02, 1), (1.18, 1), (1.30, 1)], [true, false, true, false]),
        // Back the other way at once: a new swipe.
        ([(1, 1), (1.02, 1), (1.04, -1), (1.06, -1)], [true, false, true, false]),
        // A tilt wheel clicked slowly: one page per notch.
        ([(1, 1), (1.3, 1), (1.6, -1)], [true, true, true]),
    ]

    @Test(arguments: bursts)
    func notchesLessThanTheGestureGapApartAreOneSwipe(notches: [(Double, Double)], begins: [Bool]) {
        var burst = NotchBurst()
        #expect(notches.map { burst.begins(dx: $0.1, at: $0.0) } == begins)
    }
}

extension NotchBurstTests {
    /// How many pages whole notches (dx, dy) `interval` seconds apart from 1 s turn in `mode`, from page 12: the
    /// pager's target page less 12.
    static func turns(_ mode: GalleryMode, dx: Double, dy: Double, count: Int, interval: Double) -> Int {
        var model = GalleryModel(
            photoCount: 50, mode: mode, startPage: 12, viewport: Viewport(width: 800, height: 600))
        for index in 0..<count { _ = model.handle(.user(.wheel(dx: dx, dy: dy)), at: 1 + Double(index) * interval) }
        return (model.pager?.targetPage.rawValue ?? 12) - 12
    }

    @Test(arguments: [GalleryMode.bounded, .endCaps, .threeSurfaces, .feed])
    func aBurstOfSidewaysNotchesTurnsOnePageInThePagers(mode: GalleryMode) {
        #expect(Self.turns(mode, dx: 1, dy: 0, count: 10, interval: 0.016) == 1)
        #expect(Self.turns(mode, dx: -1, dy: 0, count: 10, interval: 0.016) == -1)
        // Notches further apart than a swipe's are a tilt wheel's clicks: one page each.
        #expect(Self.turns(mode, dx: 1, dy: 0, count: 3, interval: 0.2) == 3)
    }

    @Test func upAndDownNotchesTurnOnePageEach() {
        #expect(Self.turns(.bounded, dx: 0, dy: -1, count: 10, interval: 0.016) == 10)
    }

    @Test func theWheelModeTurnsOneRowPerNotch() {
        #expect(Self.turns(.wheel, dx: 1, dy: 0, count: 4, interval: 0.016) == 4)
    }
}
