/// A one-dimensional motion evaluated in closed form at a time since its start (Flutter's `Simulation`).
///
/// Simulations are immutable values: the same time always gives the same answer, so a 30 Hz and a
/// 240 Hz schedule see one path. Positions are in pixels, velocities in pixels per second, times in
/// seconds measured from the simulation's own start.
public protocol Simulation: Sendable {
    /// The position at `time` seconds after the start.
    func position(at time: Double) -> Double
    /// The velocity at `time` seconds after the start, in pixels per second.
    func velocity(at time: Double) -> Double
    /// Whether the motion has come to rest at `time` (the pager then snaps to the final position).
    func isDone(at time: Double) -> Bool
}
