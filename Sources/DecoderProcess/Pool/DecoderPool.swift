import Glibc
import Imaging
import Support

/// Long-lived decoder processes, one per decode thread: each decode borrows an idle one, sends it the photo's open
/// descriptor and waits for its pixels, within a wall-clock deadline.
///
/// A process that dies (a crash, its memory limit, its CPU limit) or misses the deadline costs that one photo an error
/// naming the reason (`DecoderFault`), and the next decode starts a new process. A photo a decoder crashed on is tried
/// once more on a new process; after a second crash it is refused at once until its file changes (`FileKey`).
/// Processes end with `shutdown()` (or the pool's deinit), and with the viewer: each sets `PR_SET_PDEATHSIG` on
/// itself.
public final class DecoderPool: @unchecked Sendable {
    /// The configuration.
    public let configuration: Configuration
    // Guards the state below; hence @unchecked Sendable.
    private let condition = ConditionLock()
    private var idle: [DecoderProcessHandle] = []
    private var running = 0
    private var crashes = CrashCounts()
    private var isShutDown = false
    /// Every format library a decode has needed so far: a new process loads them all at its first request, so a folder
    /// that mixes formats soon has processes that decode each of them, while one of JPEGs never maps any.
    private var librariesSeen: FormatLibrarySet = []
    /// The output profile decodes convert to (nil: sRGB), numbered by its generation.
    private var profile: (bytes: [UInt8]?, generation: UInt32) = (nil, 0)
    /// The sandbox layers processes have reported off, and whether the user was warned (once, `warn`).
    private var gapNotice = SandboxGapNotice()
    /// Called with a process's id once a request has been sent to it, before its reply is awaited: tests kill the
    /// process there, mid-decode.
    package var afterSending: (@Sendable (Int32) -> Void)?
    /// Says a warning about the decoders' sandbox to the user, once per pool: a line on standard error (tests collect
    /// it instead).
    package var warn: @Sendable (String) -> Void = { line in
        let text = "gallery: warning: " + line + "\n"
        _ = text.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
    }

    /// A pool of `configuration.processCount` processes, started now (they load and sandbox themselves while the
    /// viewer opens its window).
    public init(_ configuration: Configuration) {
        self.configuration = configuration
        for _ in 0..<min(configuration.initialCount, configuration.processCount) {
            if let started = try? start() { idle.append(started) }
        }
    }

    deinit {
        shutdown()
    }

    /// Decodes the file open as `descriptor` (the viewer opened it, read-only) as `request` asks, on an idle process;
    /// the answer, or the fault that cost it. `request`'s budget and CPU seconds are the pool's.
    public func decode(descriptor: Int32, request: DecoderRequest, deadline: Double? = nil)
        -> Result<DecoderAnswer, DecoderFault>
    {
        decode(descriptor: descriptor, request: request, deadline: deadline) { $0 }
    }

    /// As `decode(descriptor:request:)`, handing the answer to `consume` before the process goes back to the pool:
    /// `consume` must not keep the answer's pixels (it copies them), so their reply slot is free for the process's
    /// next reply as soon as the answer goes. `deadline` (seconds, wall clock and CPU alike; `DecodeDeadline`)
    /// replaces the configuration's for this decode.
    public func decode<Consumed>(
        descriptor: Int32, request: DecoderRequest, deadline: Double? = nil, consume: (DecoderAnswer) -> Consumed
    ) -> Result<Consumed, DecoderFault> {
        let key = FileKey(descriptor: descriptor)
        if let key, refuses(key) { return .failure(.crashedBefore) }
        var afterCrash = false
        while true {
            let outcome = exchange(
                request, descriptor: descriptor, deadline: deadline, freshProcess: afterCrash, consume: consume)
            guard case .failure(.crashed) = outcome, let key else { return outcome }
            if recordCrash(key) { return outcome }
            afterCrash = true
        }
    }

    /// Decodes from now on convert to `bytes` (an ICC profile; nil: sRGB). Each process is sent the profile, with
    /// its generation, before its next decode (in a memfd of its own); the same bytes again change nothing.
    public func setOutputProfile(_ bytes: [UInt8]?) {
        condition.lock()
        defer { condition.unlock() }
        guard bytes != profile.bytes else { return }
        profile = (bytes, profile.generation &+ 1)
    }

    /// The profile and its generation now.
    private func currentProfile() -> (bytes: [UInt8]?, generation: UInt32) { locked { profile } }

    /// Sends a request that carries no photo (the sandbox's status, the test probes) to an idle process; its budget and
    /// CPU seconds are the pool's.
    public func ask(_ request: DecoderRequest) -> Result<DecoderAnswer, DecoderFault> {
        exchange(request, descriptor: -1, freshProcess: false) { $0 }
    }

    /// Ends every process; later decodes fail with `.unavailable`. Calling it again does nothing.
    public func shutdown() {
        condition.lock()
        isShutDown = true
        let ending = idle
        idle = []
        condition.broadcast()
        condition.unlock()
        for each in ending { each.end() }
    }

    /// The ids of the idle processes (for tests: what `/proc` says about them).
    package var idleProcessIDs: [Int32] {
        condition.lock()
        defer { condition.unlock() }
        return idle.map(\.processID)
    }

    /// One exchange on a borrowed process, which goes back to the idle ones if it is still sound. `freshProcess`: on a
    /// newly started one (a photo's second try after a crash: whatever killed the first process, a signal from outside
    /// or the machine's OOM killer, may have killed the idle ones with it, and one of them dying under the retry
    /// would count as the photo's second crash).
    private func exchange<Consumed>(
        _ request: DecoderRequest, descriptor: Int32, deadline: Double? = nil, freshProcess: Bool,
        consume: (DecoderAnswer) -> Consumed
    ) -> Result<Consumed, DecoderFault> {
        var request = request
        request.budgetBytes = configuration.budgetBytes
        let deadline = deadline ?? configuration.deadlineSeconds
        // The kernel's CPU limit backs the wall-clock deadline up (whole seconds, rounded up).
        request.cpuSeconds =
            deadline == configuration.deadlineSeconds
            ? configuration.cpuSeconds : UInt32(clamping: Int(deadline.rounded(.up)))
        if request.kind == .decode {
            condition.lock()
            librariesSeen.formUnion(request.libraries)
            condition.unlock()
        }
        var process: DecoderProcessHandle
        // A header needs no library: any process that is sandboxed already reads it (a new one loads the libraries
        // the signature names, for the decode that follows).
        let header = request.kind == .header
        switch borrow(needing: header ? [] : request.libraries, fresh: freshProcess, preferringLoaded: header) {
        case .success(let borrowed): process = borrowed
        case .failure(let fault): return .failure(fault)
        }
        var outcome = send(request, to: process, descriptor: descriptor, deadline: deadline)
        if case .success(let answer) = outcome, answer.reply.failureCode == DecoderReply.librariesMissingFailureCode {
            // The process read nothing of the photo: it lacks a library the decode turned out to need (the viewer's
            // header read named another format). Once more, on a new process that loads it.
            let stated = FormatLibrarySet(rawValue: UInt8(answer.reply.texts.first ?? "") ?? 0)
            let missing = stated.isEmpty ? FormatLibrarySet.all : stated
            condition.lock()
            librariesSeen.formUnion(missing)
            condition.unlock()
            process.end()
            switch replacement() {
            case .success(let replaced): process = replaced
            case .failure(let fault): return .failure(fault)
            }
            request.libraries.formUnion(missing)
            outcome = send(request, to: process, descriptor: descriptor, deadline: deadline)
        }
        switch outcome {
        case .failure(let fault):
            giveBack(nil)
            return .failure(fault)
        case .success(let answer):
            sayGaps(DecoderSandboxGaps(rawValue: answer.reply.sandboxGaps))
            // Pixels `consume` does not keep free their reply slot as the answer goes.
            let consumed = consume(answer)
            giveBack(process.isRunning ? process : nil)
            return .success(consumed)
        }
    }

    /// `request` sent to the borrowed `process` (the output profile first when it changed, and at a new process's first
    /// message the libraries every decode so far needed); on a fault the process is spent.
    private func send(
        _ request: DecoderRequest, to process: DecoderProcessHandle, descriptor: Int32, deadline: Double
    ) -> Result<DecoderAnswer, DecoderFault> {
        if process.libraries == nil {
            condition.lock()
            process.librariesToLoad = librariesSeen
            condition.unlock()
        }
        if request.kind == .decode {
            let (bytes, generation) = currentProfile()
            if process.profileGeneration != generation {
                if case .failure(let fault) = process.sendProfile(
                    bytes, generation: generation, deadline: configuration.deadlineSeconds)
                {
                    return .failure(fault)
                }
            }
        }
        return process.exchange(request, descriptor: descriptor, deadline: deadline, afterSending: afterSending)
    }

    /// An idle process that has loaded the format libraries `needed` (or none yet: it loads them at its first request),
    /// a new one when fewer than `processCount` run (if one is busy, once none came back in `growthWaitSeconds`), one in
    /// place of an idle process without them, or one come back. `fresh`: always a new process. `preferringLoaded`: an
    /// idle process that has loaded its libraries before one that has not.
    private func borrow(needing needed: FormatLibrarySet, fresh: Bool = false, preferringLoaded: Bool = false)
        -> Result<DecoderProcessHandle, DecoderFault>
    {
        let growAt = MonotonicClock.seconds() + configuration.growthWaitSeconds
        condition.lock()
        while true {
            if isShutDown {
                condition.unlock()
                return .failure(.unavailable("the gallery is shutting down"))
            }
            let loaded = preferringLoaded ? idle.lastIndex { $0.libraries != nil } : nil
            if !fresh, let index = loaded ?? idle.lastIndex(where: { $0.libraries?.isSuperset(of: needed) ?? true }) {
                let process = idle.remove(at: index)
                running += 1
                condition.unlock()
                // A process that died while idle (killed from outside) is replaced before it is asked.
                guard process.isRunning else { return replacement() }
                return .success(process)
            }
            if running + idle.count < configuration.processCount {
                // A busy process may come back fitting before another could start.
                if running > 0, !fresh, MonotonicClock.seconds() < growAt {
                    _ = condition.wait(until: growAt)
                    continue
                }
                running += 1
                condition.unlock()
                return replacement()
            }
            if let unfit = idle.popLast() {
                // Sandboxed without a library this photo needs: it cannot load one now, so a new process replaces it.
                running += 1
                condition.unlock()
                unfit.end()
                return replacement()
            }
            condition.wait()
        }
    }

    /// A newly started process for a borrower already counted as running.
    private func replacement() -> Result<DecoderProcessHandle, DecoderFault> {
        do throws(DecoderFault) {
            return .success(try start())
        } catch {
            giveBack(nil)
            return .failure(error)
        }
    }

    /// Says, the first time a process reports any, which sandbox layers are off (`SandboxGapNotice`).
    private func sayGaps(_ gaps: DecoderSandboxGaps) {
        guard !gaps.isEmpty else { return }
        condition.lock()
        let warning = gapNotice.note(gaps)
        condition.unlock()
        if let warning { warn(warning) }
    }

    /// Every sandbox layer a process has reported off so far (every reply states them): what the window's notice says.
    package var sandboxGaps: DecoderSandboxGaps { locked { gapNotice.seen } }

    /// Returns a borrowed process (nil: it is spent), waking a waiting borrower.
    private func giveBack(_ process: DecoderProcessHandle?) {
        condition.lock()
        running -= 1
        if let process, !isShutDown { idle.append(process) }
        let discard = isShutDown ? process : nil
        condition.broadcast()
        condition.unlock()
        discard?.end()
    }

    /// A new process, told the viewer's id (it ends at once if its parent is already gone).
    private func start() throws(DecoderFault) -> DecoderProcessHandle {
        try DecoderProcessHandle(executable: configuration.executable, arguments: Self.arguments(configuration))
    }

    /// The output profile set (`setOutputProfile`) and its generation, or nil while it is sRGB from the start.
    var outputProfile: (bytes: [UInt8]?, generation: UInt32)? {
        let current = currentProfile()
        return current.generation == 0 ? nil : current
    }

    /// Whether the file with `key` is refused (`CrashCounts`).
    private func refuses(_ key: FileKey) -> Bool { locked { crashes.refuses(key) } }

    /// Counts a crash on the file with `key`; whether it is now refused.
    private func recordCrash(_ key: FileKey) -> Bool { locked { crashes.record(key) } }

    /// `body`'s result, with the pool's lock held.
    private func locked<Value>(_ body: () -> Value) -> Value {
        condition.lock()
        defer { condition.unlock() }
        return body()
    }
}
