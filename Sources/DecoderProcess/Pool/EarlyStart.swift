import GalleryCore
import Imaging

/// The decoder pool and the first photo's decode, begun before the viewer has read its options.
///
/// The first photo of a start waited for its decoder: the process was started, and the photo asked for, only after
/// the command line was parsed and the window's run set up (about 10 ms of the main thread). Begun first, the process
/// links while the options are parsed and the first photo is on its way when the window's run asks for it. The run
/// adopts the pool only if it would make one with the very same configuration (an option that changes a decoder's
/// limits makes a new one and ends this), and the decode only for the request it makes itself.
enum EarlyStart {
    private static let held = Held()

    /// Makes a pool of `configuration` and holds it; false if one is held and not yet adopted.
    static func startPool(_ configuration: DecoderPool.Configuration) -> Bool {
        held.condition.lock()
        defer { held.condition.unlock() }
        guard held.pool == nil || held.adopted else { return false }
        held.pool = DecoderPool(configuration)
        held.adopted = false
        return true
    }

    /// The held pool if it was made with `configuration` (processes started at once aside), adopted: the early decode
    /// may still begin with it (the run's options are parsed sooner than a large folder is listed). A pool made
    /// otherwise is shut down, and its decode with it.
    static func takePool(matching configuration: DecoderPool.Configuration) -> DecoderPool? {
        held.condition.lock()
        guard let pool = held.pool, !held.adopted else {
            held.condition.unlock()
            return nil
        }
        let matches = Self.sameProcesses(pool.configuration, configuration)
        if matches {
            held.adopted = true
        } else {
            held.pool = nil
            held.picture = nil
        }
        held.condition.unlock()
        guard matches else {
            pool.shutdown()
            return nil
        }
        return pool
    }

    /// Decodes `request` with the held pool, keeping the outcome for `takePicture(for:pool:)`, and calls `registered`
    /// once a take would wait for it, before the decode; false (and no call) without a pool.
    static func decode(_ request: DecodeRequest, budgetBytes: Int, registered: () -> Void) -> Bool {
        held.condition.lock()
        guard let pool = held.pool, held.picture == nil else {
            held.condition.unlock()
            return false
        }
        held.picture = (request, pool, nil)
        held.condition.unlock()
        registered()
        let outcome = Result { () throws(DecodeFailure) -> DecodedPicture in
            try ProcessDecoding.decode(request, pool: pool, budgetBytes: budgetBytes)
        }
        held.condition.lock()
        if held.picture?.request == request, held.picture?.pool === pool { held.picture?.outcome = outcome }
        held.condition.broadcast()
        held.condition.unlock()
        return true
    }

    /// The early decode of `request` by `pool`, once it is done (waiting for it if it runs), taken: nil if none was
    /// begun for that request and pool.
    static func takePicture(for request: DecodeRequest, pool: DecoderPool) -> Result<DecodedPicture, DecodeFailure>? {
        held.condition.lock()
        defer { held.condition.unlock() }
        guard let picture = held.picture, picture.request == request, picture.pool === pool else { return nil }
        while held.picture?.outcome == nil, held.picture?.request == request { held.condition.wait() }
        let outcome = held.picture?.outcome
        held.picture = nil
        return outcome
    }

    /// Whether pools of `a` and `b` start the same processes for the same work (how many start at once aside).
    static func sameProcesses(_ a: DecoderPool.Configuration, _ b: DecoderPool.Configuration) -> Bool {
        var a = a
        a.initialCount = b.initialCount
        return a == b
    }

    /// The held pool and decode, under a lock.
    private final class Held: @unchecked Sendable {
        let condition = ConditionLock()
        var pool: DecoderPool?
        /// Whether the window's run has taken `pool` (`takePool`).
        var adopted = false
        var picture: (request: DecodeRequest, pool: DecoderPool, outcome: Result<DecodedPicture, DecodeFailure>?)?
    }
}
