import Support

/// Photos fading in over their placeholders: a photo drawn as a placeholder in one frame and as itself in the next
/// arrived then, and fades in over `duration`. Updated once per frame before painting (`record(_:at:)`), after the
/// frame step drops the fades that have run their course (`advance(to:)`); painting only reads `opacity(of:at:)`.
public struct FadeIns: Sendable, Equatable {
    /// What a frame shows of one photo in its slot, as far as fading is concerned.
    public enum Sight: Sendable, Equatable {
        /// The photo itself, at rest size (a zoomed photo, a failed one or the feed's end page count as neither).
        case photo(PhotoID)
        /// Its stand-in, while it decodes.
        case placeholder(PhotoID)
    }

    /// Seconds a photo takes to fade in over its placeholder when it arrives.
    public static let duration = 0.1

    /// When each photo still fading began to (dropped by `advance(to:)` once faded fully).
    private var arrivals: [PhotoID: Double] = [:]
    /// Photos drawn as placeholders in the last frame recorded: the ones whose arrival fades in.
    private var waiting: Set<PhotoID> = []
    /// Whether any photo has been drawn yet: the first one at start-up shows at once (nothing to fade from, and first
    /// paint is what a user waits for).
    private var hasShownAPhoto = false

    /// No photo shown yet, none fading.
    public init() {}

    /// Drops the fades that are complete at `time`; returns whether any was, so one more frame is drawn at full
    /// opacity (the last one drawn showed it partly faded).
    @discardableResult
    public mutating func advance(to time: Double) -> Bool {
        let before = arrivals.count
        arrivals = arrivals.filter { time - $0.value < Self.duration }
        return arrivals.count != before
    }

    /// Notes what the frame at `time` shows, slot by slot in drawing order: a photo drawn that was a placeholder in the
    /// last frame recorded starts fading in now, unless it is the first photo ever drawn.
    public mutating func record(_ frame: [Sight], at time: Double) {
        var nowWaiting: Set<PhotoID> = []
        for sight in frame {
            switch sight {
            case .photo(let photo):
                if waiting.contains(photo), hasShownAPhoto { arrivals[photo] = time }
                hasShownAPhoto = true
            case .placeholder(let photo):
                nowWaiting.insert(photo)
            }
        }
        waiting = nowWaiting
    }

    /// How opaque `photo` is drawn at `time`: from 0 when it arrived to 1 `duration` later; 1 when it is not fading.
    public func opacity(of photo: PhotoID, at time: Double) -> Double {
        arrivals[photo].map { min(max((time - $0) / Self.duration, 0), 1) } ?? 1
    }

    /// Whether a photo is still short of full opacity at `time`.
    public func isFadingIn(at time: Double) -> Bool {
        arrivals.values.contains { time - $0 < Self.duration }
    }
}
