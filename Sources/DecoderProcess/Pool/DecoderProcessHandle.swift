import CLinux
import Glibc
import Imaging
import Support

/// One decoder process and the viewer's end of its socket: started, asked, and ended.
///
/// The socket is a `SOCK_SEQPACKET` pair, so each request and reply is one message with its descriptor beside it.
/// The process holds its end as descriptor 3; it ends when the viewer's end closes (it reads the end of the stream),
/// when the thread that started it ends (`PR_SET_PDEATHSIG`, set by the decoder itself), or when killed here.
final class DecoderProcessHandle {
    /// The process id.
    let processID: pid_t
    /// The viewer's end of the socket.
    private let socket: Int32
    /// Whether the process has been waited for (its id may be reused from then on).
    private var reaped = false
    /// The memory the process writes replies into, all of it the viewer's: each decode request names the reply's place.
    let slots = ReplySlots()
    /// The output profile's generation the process converts to (0: sRGB, as it starts).
    var profileGeneration: UInt32 = 0
    /// The format libraries the process loaded before its sandbox went on, at its first message; nil until that is sent.
    private(set) var libraries: FormatLibrarySet?
    /// What the process is to load at its first message, besides what that message needs itself.
    var librariesToLoad: FormatLibrarySet = []

    /// Starts `executable` with `arguments` (after its name), its socket end as descriptor 3, `/dev/null` as its
    /// standard input, output and error, every signal at its default and unblocked; throws the reason it could not be
    /// started.
    init(executable: String, arguments: [String]) throws(DecoderFault) {
        // The kernel resolves a relative name against the current folder (a photo folder, say): only the absolute path
        // beside the viewer's own executable is ever run, and without one no decoder starts.
        guard executable.hasPrefix("/") else {
            throw .unavailable(
                "\"\(executable)\" is not an absolute path (is /proc mounted? the viewer finds its decoder through "
                    + "/proc/self/exe); it is never looked for in the current folder or PATH")
        }
        var pair: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            throw .unavailable("socketpair: \(String(cString: strerror(errno)))")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // dup2 onto 3 clears close-on-exec there; every other descriptor of the viewer is close-on-exec.
        posix_spawn_file_actions_adddup2(&actions, pair[1], 3)
        // Nothing of the viewer's standard streams: its output may be a list `gallery -o` pipes into `xargs rm`.
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let spawnAttributes = SpawnAttributes()
        let argv = ([executable] + arguments).map { strdup($0) }
        defer { for each in argv { free(each) } }
        var pid: pid_t = 0
        // A crashing decoder ends at once: the Swift runtime's backtracer would symbolicate for seconds in a process
        // whose crash is only ever an error tile (and the viewer's deadline, not the crash, would then name it).
        let spawned = OwnEnvironment.withChildEnvironment(adding: ["SWIFT_BACKTRACE=enable=no"]) { environment in
            posix_spawn(&pid, executable, &actions, &spawnAttributes.attributes, argv + [nil], environment)
        }
        close(pair[1])
        guard spawned == 0 else {
            close(pair[0])
            throw .unavailable("\(executable): \(String(cString: strerror(spawned)))")
        }
        processID = pid
        socket = pair[0]
    }

    deinit {
        end()
    }

    /// Sends `request` with `descriptor` (-1: none) and waits up to `deadline` seconds for the reply. On a fault the
    /// process is gone (killed here at the deadline, reaped either way) and the handle is spent. `afterSending` is
    /// called with the process id once the request is on its way.
    func exchange(
        _ request: DecoderRequest, descriptor: Int32, deadline: Double, afterSending: ((Int32) -> Void)? = nil
    ) -> Result<DecoderAnswer, DecoderFault> {
        var request = request
        if libraries == nil {
            request.libraries.formUnion(librariesToLoad)
            libraries = request.libraries
        }
        // The reply's memory: the viewer's, made for the request's most bytes (the decoder makes none).
        var place: ReplySlots.Place?
        if request.kind == .decode || request.kind == .details {
            do throws(PixelBufferError) {
                place = try slots.place(
                    byteCount: request.mostReplyBytes,
                    ownMemory: request.thumbnailPNG || request.animationClock || request.kind == .details)
            } catch {
                return .failure(.unavailable("memory for the reply: \(error)"))
            }
        }
        var sentMemory: Int32 = -1
        switch place {
        case .slot(let index, let send)?:
            request.replySlot = UInt8(index + 1)
            sentMemory = send
        case .own(let memory)?:
            request.replySlot = 0
            sentMemory = memory.sharedMemory ?? -1
        case nil: break
        }
        request.carriesReplyMemory = sentMemory >= 0
        let message = request.encoded
        let sent = message.withUnsafeBytes {
            descriptor >= 0
                ? gallery_send_message(socket, $0.baseAddress, $0.count, descriptor, sentMemory)
                : gallery_send_message(socket, $0.baseAddress, $0.count, sentMemory, -1)
        }
        let cpuSeconds = Double(request.cpuSeconds)
        guard sent == message.count else { return .failure(ended(cpuSeconds: cpuSeconds)) }
        afterSending?(processID)
        let end = MonotonicClock.seconds() + deadline
        while true {
            let remaining = end - MonotonicClock.seconds()
            guard remaining > 0 else {
                kill(processID, SIGKILL)
                _ = waitForExit()
                return .failure(.tookTooLong(seconds: deadline))
            }
            var polled = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            let ready = poll(&polled, 1, Int32(min(remaining * 1000, 60_000)) + 1)
            if ready < 0, errno == EINTR { continue }
            if ready > 0 { break }
            if ready < 0 { return .failure(ended(cpuSeconds: cpuSeconds)) }
        }
        var bytes = [UInt8](repeating: 0, count: DecoderReply.maximumByteCount)
        var sentBack: (Int32, Int32) = (-1, -1)
        let received = bytes.withUnsafeMutableBytes {
            gallery_receive_message(socket, $0.baseAddress, $0.count, &sentBack.0, &sentBack.1)
        }
        // A decoder sends no descriptor: the only memory the viewer maps is its own.
        let cameWithDescriptor = sentBack.0 >= 0
        for each in [sentBack.0, sentBack.1] where each >= 0 { close(each) }
        guard received > 0, let reply = DecoderReply(decoding: Array(bytes[0..<received])) else {
            return .failure(ended(cpuSeconds: cpuSeconds))
        }
        guard !cameWithDescriptor else { return .failure(broken("a reply with a descriptor")) }
        guard reply.succeeded, reply.byteCount > 0 else {
            return .success(DecoderAnswer(reply: reply, pixels: nil, processID: processID))
        }
        if let refusal = reply.refusal(answering: request) {
            return .failure(broken("a reply out of range: \(refusal)"))
        }
        guard reply.slot == request.replySlot, let place else {
            return .failure(broken("a reply in slot \(reply.slot), not the \(request.replySlot) asked"))
        }
        let byteCount = Int(reply.byteCount)
        switch place {
        case .slot(let index, _):
            guard PixelFormat(rawValue: reply.format) != nil else { return .failure(broken("bytes in a slot")) }
            // The slot's memory, mapped when it was made: nothing is mapped for this photo.
            return answer(reply) { () throws(PixelBufferError) in try slots.lend(index, byteCount: byteCount) }
        case .own(let memory):
            if reply.format == DecoderReply.encodedPNGFormat || reply.format == DecoderReply.detailsRecordFormat {
                let bytes = [UInt8](UnsafeRawBufferPointer(start: memory.bytes, count: byteCount))
                return .success(DecoderAnswer(reply: reply, pixels: nil, processID: processID, encoded: bytes))
            }
            return answer(reply) { () throws(PixelBufferError) in
                // The pixels are read where the decoder wrote them, every page mapped in one call (MADV_POPULATE_READ,
                // Linux 5.14), not a fault per page as they are read.
                let storage = try PixelStorage.lent(from: memory, byteCount: byteCount) {}
                _ = madvise(storage.bytes, byteCount, 22)
                return storage
            }
        }
    }

    /// The answer of `reply`, its pixels in the memory `storage` gives; a fault when they are unusable.
    private func answer(_ reply: DecoderReply, storage: () throws(PixelBufferError) -> PixelStorage)
        -> Result<DecoderAnswer, DecoderFault>
    {
        do throws(PixelBufferError) {
            let buffer = try PixelBuffer(
                width: Int(reply.width), height: Int(reply.height), stride: Int(reply.stride),
                format: PixelFormat(rawValue: reply.format) ?? .argb8888, storage: try storage())
            return .success(DecoderAnswer(reply: reply, pixels: buffer, processID: processID))
        } catch {
            return .failure(broken("unusable pixels: \(error)"))
        }
    }

    /// Sends the output profile `bytes` (nil: sRGB) as `generation`, in a memfd, and waits for the process to take it.
    func sendProfile(_ bytes: [UInt8]?, generation: UInt32, deadline: Double) -> Result<Void, DecoderFault> {
        var memory: PixelStorage?
        if let bytes, !bytes.isEmpty {
            do throws(PixelBufferError) {
                let storage = try PixelStorage.allocateShared(byteCount: bytes.count, name: "gallery-profile")
                bytes.withUnsafeBytes { storage.bytes.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
                memory = storage
            } catch {
                return .failure(.unavailable("the output profile: \(error)"))
            }
        }
        var request = DecoderRequest(
            kind: .outputProfile, boxWidth: 1, boxHeight: 1, budgetBytes: 0, cpuSeconds: 0, fileExtension: "")
        request.profileGeneration = generation
        switch exchange(request, descriptor: memory?.sharedMemory ?? -1, deadline: deadline) {
        case .failure(let fault): return .failure(fault)
        case .success(let answer) where answer.reply.succeeded:
            profileGeneration = generation
            return .success(())
        case .success: return .failure(.crashed("the output profile was refused"))
        }
    }

    /// Whether the process is still running (not yet reaped, and not a zombie).
    var isRunning: Bool {
        guard !reaped else { return false }
        var status: Int32 = 0
        let waited = waitpid(processID, &status, WNOHANG)
        if waited == processID || waited < 0 { reaped = true }
        return !reaped
    }

    /// Kills the process (if still there) and closes the socket.
    func end() {
        if !reaped {
            kill(processID, SIGKILL)
            _ = waitForExit()
        }
        if socket >= 0 { close(socket) }
    }

    /// The fault of a process that broke the protocol (`why`): it is ended, as a decoder that may be compromised.
    private func broken(_ why: String) -> DecoderFault {
        if !reaped {
            kill(processID, SIGKILL)
            _ = waitForExit()
        }
        return .crashed(why)
    }

    /// The fault of a process whose socket broke: it is reaped, and its end says why (SIGXCPU: it used its
    /// `cpuSeconds`).
    private func ended(cpuSeconds: Double) -> DecoderFault {
        guard let status = waitForExit() else { return .crashed("the decoder's end is unknown") }
        let signal = status & 0x7f
        if signal == 0 {
            let code = (status >> 8) & 0xff
            return code == DecoderFault.memoryLimitExitStatus ? .overMemoryLimit : .crashed("exit status \(code)")
        }
        if signal == SIGXCPU { return .tookTooLong(seconds: cpuSeconds) }
        return .crashed("signal \(signal)")
    }

    /// Waits for the process to end; its wait status, or nil when it was already reaped.
    private func waitForExit() -> Int32? {
        guard !reaped else { return nil }
        var status: Int32 = 0
        while true {
            let waited = waitpid(processID, &status, 0)
            if waited < 0, errno == EINTR { continue }
            reaped = true
            return waited == processID ? status : nil
        }
    }
}
