import DecoderProcess
import Dispatch
import GalleryCore
import Support

/// The sandbox layers of the decoder processes, for the information panel: asked of the pool the first time the panel
/// shows (never at start, where it would take a process from the first photos), on a thread of its own; and the
/// window's standing notice of a missing layer, from what every reply states.
package final class DecoderSandboxStatus: Sendable {
    private let pool: DecoderPool
    private let state = LockedState(State())
    private let answered = DispatchSemaphore(value: 0)

    private struct State {
        var asked = false
        var lines: [String]?
        var arrived = false
    }

    /// A status over the processes of `pool`.
    package init(pool: DecoderPool) {
        self.pool = pool
    }

    /// The layers, one line each, once a decoder has answered (nil until then); the first call asks, and `wake` is
    /// called when the answer arrives.
    func lines(wake: @escaping @Sendable () -> Void) -> [String]? {
        let (lines, ask) = state.withLock { state -> ([String]?, Bool) in
            defer { state.asked = true }
            return (state.lines, !state.asked)
        }
        if ask {
            DetachedThread.start(name: "gallery-sandbox") { [self] in
                let layers = ProcessDecoding.sandboxLayers(of: pool)
                state.withLock {
                    $0.lines = layers
                    $0.arrived = true
                }
                answered.signal()
                wake()
            }
        }
        return lines
    }

    /// The window's notice of the layers the decoders have reported off so far, or nil when none is.
    var notice: String? { pool.sandboxGaps.windowNotice }

    /// Whether the answer arrived since the last call (the panel then needs drawing again).
    func takeArrival() -> Bool {
        state.withLock { state in
            defer { state.arrived = false }
            return state.arrived
        }
    }

    /// Waits for the answer once asked (headless runs, which follow a virtual clock: the next frame shows it).
    func waitForAnswer() {
        guard state.withLock({ $0.asked && $0.lines == nil }) else { return }
        answered.wait()
        answered.signal()
    }
}
