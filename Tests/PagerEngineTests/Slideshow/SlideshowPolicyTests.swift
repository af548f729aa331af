import PagerEngine
import Testing

@Suite("SlideshowPolicy")
struct SlideshowPolicyTests {
    /// One step of a scripted timeline, times in seconds.
    enum Step: Sendable {
        case start(at: Double)
        case stop
        case interaction(at: Double)
        case dragging(Bool, at: Double)
        case hidden(Bool, at: Double)
        /// `nextAdvanceTime()` should be this.
        case nextAdvance(Double?)
        /// `shouldAdvance(at:)` should answer this.
        case advances(at: Double, Bool)
    }

    /// The interval of every timeline below.
    static let interval = 5.0

    @Test(
        "scripted timelines (interval 5 s)",
        arguments: [
            // Runs on its cadence, once per due time; a slightly late frame keeps the cadence.
            [
                Step.nextAdvance(nil), .start(at: 0), .nextAdvance(5), .advances(at: 4.9, false),
                .advances(at: 5, true), .advances(at: 5, false), .nextAdvance(10), .advances(at: 10.2, true),
                .nextAdvance(15),
            ],
            // A frame more than an interval late does not fire twice in a row.
            [.start(at: 0), .advances(at: 17, true), .nextAdvance(22), .advances(at: 17.1, false)],
            // A drag pauses it; it resumes a full interval after the drag ends.
            [
                .start(at: 0), .dragging(true, at: 3), .nextAdvance(nil), .advances(at: 6, false),
                .dragging(false, at: 7), .nextAdvance(12), .advances(at: 11.9, false), .advances(at: 12, true),
            ],
            // Any interaction delays the next advance to a full interval after it.
            [
                .start(at: 0), .interaction(at: 4), .nextAdvance(9), .advances(at: 5, false), .advances(at: 9, true),
                .interaction(at: 9.5), .nextAdvance(14.5),
            ],
            // Hidden windows pause it; shown again, it waits a full interval.
            [
                .start(at: 0), .hidden(true, at: 2), .nextAdvance(nil), .advances(at: 5, false),
                .hidden(false, at: 20), .nextAdvance(25), .advances(at: 24, false), .advances(at: 25, true),
            ],
            // Hidden during a drag: paused until both are over.
            [
                .start(at: 0), .dragging(true, at: 1), .hidden(true, at: 2), .dragging(false, at: 3),
                .nextAdvance(nil), .hidden(false, at: 4), .nextAdvance(9),
            ],
            // Stopped, nothing advances; started again, a full interval from the restart.
            [
                .start(at: 0), .stop, .nextAdvance(nil), .advances(at: 5, false), .start(at: 10), .nextAdvance(15),
                .advances(at: 15, true),
            ],
        ]
    )
    func timeline(steps: [Step]) {
        var slideshow = SlideshowPolicy(interval: Self.interval)
        for step in steps {
            switch step {
            case .start(let time):
                slideshow.start(at: time)
                #expect(slideshow.isRunning)
            case .stop:
                slideshow.stop()
                #expect(!slideshow.isRunning)
            case .interaction(let time):
                slideshow.noteInteraction(at: time)
            case .dragging(let dragging, let time):
                slideshow.setDragging(dragging, at: time)
            case .hidden(let hidden, let time):
                slideshow.setHidden(hidden, at: time)
            case .nextAdvance(let expected):
                #expect(slideshow.nextAdvanceTime() == expected)
            case .advances(let time, let expected):
                #expect(slideshow.shouldAdvance(at: time) == expected, "at \(time)")
            }
        }
    }
}
