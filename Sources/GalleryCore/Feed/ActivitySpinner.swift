/// The feed's activity indicator, as the platform ones draw it: 12 spokes, one turn per second, a fading trail.
///
/// A pure function of time, evaluated continuously rather than stepped spoke by spoke, so it turns smoothly at any
/// frame rate and two runs at different rates agree on every frame they share.
public struct ActivitySpinner: Equatable, Sendable {
    /// The number of spokes (UIActivityIndicatorView's 12).
    public static let spokeCount = 12
    /// Seconds per turn of the bright head: one turn per second.
    public static let period = 1.0
    /// The opacity of a spoke the trail has left, as a fraction of full: the platform's faint resting spokes.
    public static let restingOpacity = 0.25

    /// Creates the spinner.
    public init() {}

    /// The angle of spoke `index`, in degrees clockwise from twelve o'clock.
    public func angle(ofSpoke index: Int) -> Double {
        Double(index) * 360 / Double(Self.spokeCount)
    }

    /// The head's angle at `time`, in degrees clockwise from twelve o'clock, in [0, 360).
    public func headAngle(at time: Double) -> Double {
        let turns = time / Self.period
        return (turns - turns.rounded(.down)) * 360
    }

    /// The opacity of spoke `index` at `time`, in [restingOpacity, 1]: full where the head is, fading linearly over
    /// the turn behind it.
    public func opacity(ofSpoke index: Int, at time: Double) -> Double {
        var behind = headAngle(at: time) - angle(ofSpoke: index)
        if behind < 0 { behind += 360 }
        let trail = 1 - behind / 360
        return Self.restingOpacity + (1 - Self.restingOpacity) * trail
    }
}
