/// How close to its end a simulation must be to count as done (Flutter's `Tolerance`).
public struct Tolerance: Equatable, Sendable {
    /// The largest distance from the end, in pixels, that counts as arrived (exclusive).
    public var distance: Double
    /// The largest speed, in pixels per second, that counts as at rest (exclusive).
    public var velocity: Double

    /// Creates a tolerance from a distance in pixels and a speed in pixels per second.
    public init(distance: Double, velocity: Double) {
        self.distance = distance
        self.velocity = velocity
    }

    /// Done within 0.5 px and 10 px/s: half a pixel is below what a frame can show (docs/PHYSICS.md).
    public static let standard = Tolerance(distance: 0.5, velocity: 10)
}
