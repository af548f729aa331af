import GalleryCore

#if canImport(Glibc)
import Glibc
#endif

/// One decoder process started before the viewer has read its options, held for the pool the viewer then makes.
///
/// The first photo of a start waits for its decoder: started after the command line is parsed, the process was still
/// linking when the photo's request came (8 ms later in `perf trace`). Started first, it links while the options are
/// parsed and the folder listed. The pool adopts it only if it was started with the very command line the pool would
/// give a process of its own (options that change a decoder's limits start a new one), and ends it otherwise.
enum EarlyDecoder {
    private static let held = Held()

    /// Starts a process of `executable` with `arguments` and holds it; its id, or nil if one is held or it could not
    /// be started.
    static func start(executable: String, arguments: [String]) -> Int32? {
        held.lock.lock()
        defer { held.lock.unlock() }
        guard held.process == nil, let process = try? DecoderProcessHandle(executable: executable, arguments: arguments)
        else { return nil }
        held.process = (process, [executable] + arguments)
        return process.processID
    }

    /// The held process if it runs `executable` with `arguments`; a held process started otherwise is ended.
    static func take(executable: String, arguments: [String]) -> DecoderProcessHandle? {
        held.lock.lock()
        let taken = held.process
        held.process = nil
        held.lock.unlock()
        guard let taken else { return nil }
        guard taken.commandLine == [executable] + arguments else {
            taken.handle.end()
            return nil
        }
        return taken.handle
    }

    /// The held process and the command line it was started with, under a lock.
    private final class Held: @unchecked Sendable {
        let lock = ConditionLock()
        var process: (handle: DecoderProcessHandle, commandLine: [String])?
    }
}
