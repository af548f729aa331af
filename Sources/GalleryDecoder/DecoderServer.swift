import CFormatDecoding
import CLinux
import CSandbox
import DecoderProcess
import Glibc
import ImageLoader
import Imaging
import Support

/// The decoder process's life: sandbox itself, then answer requests on its socket until the viewer closes it.
public enum DecoderServer {
    /// Sandboxes the process and serves requests; `decode` does each photo. Ends the process when the viewer closes
    /// the socket. `prepare` runs before the sandbox: whatever the decoder must load from files (libraries, tables),
    /// it loads there; `sandboxed` runs once the sandbox is on.
    ///
    /// The sandbox goes on when the first request comes, before anything of it is acted on: the format libraries that
    /// request names (`DecoderRequest.libraries`, from the viewer's read of the photo's header) are loaded first, so a
    /// process started for a folder of JPEGs never maps SDL_image, libheif, libjxl or LibRaw, and one whose first photo
    /// is a HEIC maps libheif without a second process. A later request needing a library not loaded then is answered
    /// `librariesMissingFailureCode` before its photo is read (the pool asks a new process).
    /// `outputProfile` takes the ICC bytes photos are converted to from then on (nil: sRGB).
    public static func run(
        _ options: Options, prepare: () -> Void, sandboxed: () -> Void = {},
        outputProfile: ([UInt8]?) -> Void = { _ in }, decode: (DecodeJob) -> DecodeAnswer
    ) -> Never {
        // The viewer's death ends this process, from now on; if it is already gone, end now.
        _ = gallery_sandbox_parent_death_signal(SIGKILL)
        if let parent = options.parent, getppid() != parent { _exit(0) }
        // Nothing but the standard streams and the socket: a descriptor the starter leaked (a display connection, a
        // photo folder) is no way out of the sandbox.
        if options.socket != 3 { _exit(2) }
        gallery_sandbox_close_descriptors_from(4)
        prepare()
        if options.testRequests, !options.unloadable.isEmpty {
            FormatLibraries.rename(options.unloadable, to: "libgallery-test-unloadable.so.0")
        }
        var sandbox: DecoderSandbox?
        // The reply slots and each reply's own memory: the viewer's, written only where a request names.
        let replies = ReplyMemory()
        while true {
            var bytes = [UInt8](repeating: 0, count: DecoderRequest.byteCount + 1)
            var received: (Int32, Int32) = (-1, -1)
            let count = bytes.withUnsafeMutableBytes {
                gallery_receive_message(options.socket, $0.baseAddress, $0.count, &received.0, &received.1)
            }
            guard count > 0 else { _exit(0) }
            let request = DecoderRequest(decoding: Array(bytes[0..<count]))
            // The photo (or profile) first, the reply's memory last when the request says one came.
            var descriptor = received.0
            var replyMemory: Int32 = -1
            if request?.carriesReplyMemory == true {
                replyMemory = received.1 >= 0 ? received.1 : received.0
                descriptor = received.1 >= 0 ? received.0 : -1
            } else if received.1 >= 0 {
                close(received.1)
            }
            if sandbox == nil {
                // A failed load is remembered: the photo that needs it is answered why, as a tile.
                FormatLibraries.load(request?.libraries ?? [])
                FormatLibraries.seal()
                sandbox = DecoderSandbox.enter(
                    budgetBytes: options.budgetBytes, skipping: options.testRequests ? options.skippedLayers : [],
                    readableFiles: SVGFonts.mappedFiles)
                sandboxed()
            }
            let started = MonotonicClock.seconds()
            var reply: DecoderReply
            // Every request gets its own CPU seconds (the limit counts the process's life).
            if let request { DecoderSandbox.armCPULimit(seconds: request.cpuSeconds) }
            let missing = (request?.libraries ?? []).subtracting(FormatLibraries.loaded.union(FormatLibraries.failed))
            let gaps = sandbox?.gaps ?? []
            switch request?.kind {
            case .decode? where gaps.refusesPhotos, .details? where gaps.refusesPhotos,
                .header? where gaps.refusesPhotos,
                .takenDate? where gaps.refusesPhotos, .thumbnailFacts? where gaps.refusesPhotos,
                .animationClock? where gaps.refusesPhotos, .orientationTag? where gaps.refusesPhotos:
                // Unread: nothing would stand between the photo's decoder and the user's files.
                reply = DecoderReply(failureCode: DecoderReply.unsandboxedFailureCode, texts: ["not sandboxed"])
            case .decode? where !missing.isEmpty:
                // Not read: the pool sends the photo to a process that loads what it needs.
                reply = missingLibraries(missing)
            case .decode?:
                let request = request!
                if let refusal = replies.begin(replySlot: request.replySlot, memory: replyMemory) {
                    reply = DecoderReply(failureCode: DecoderReply.refusedFailureCode, texts: [refusal])
                    break
                }
                replyMemory = -1
                let path = "/gallery-photo." + request.fileExtension.filter { $0.isLetter || $0.isNumber }
                OfferedPhoto.offer(descriptor, as: path)
                // The decode's first shared buffer that fits (its fitted picture) goes where the request names.
                let supply: @Sendable (Int) -> PixelStorage? = { replies.storage(byteCount: $0) }
                let answer = SharedMemorySupply.supplying(supply) {
                    decode(DecodeJob(request: request, descriptor: descriptor, path: path))
                }
                OfferedPhoto.withdraw()
                let missed = FormatLibraries.takeMissed()
                switch answer {
                case _ where !missed.isEmpty:
                    // The viewer's header read named other libraries than the decode needed (the file changed?).
                    reply = missingLibraries(missed)
                case .pixels(let buffer, let notes):
                    reply = placed(buffer, notes: notes, in: replies)
                    reply.slot = request.replySlot
                case .encoded(let bytes):
                    reply = DecoderReply(failureCode: 0)
                    if !bytes.isEmpty, let target = replies.copyTarget(byteCount: bytes.count) {
                        bytes.withUnsafeBytes { target.bytes.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
                        reply = DecoderReply(
                            failureCode: 0, width: Int32(clamping: bytes.count), height: 1,
                            stride: Int32(clamping: bytes.count), format: DecoderReply.encodedPNGFormat,
                            byteCount: UInt64(bytes.count))
                    }
                case .failure(let code, let texts):
                    reply = DecoderReply(failureCode: code, texts: texts)
                }
                replies.end()
            case _? where request!.answersWithRecord:
                // A record read from the photo (its details, header, date taken, a cached thumbnail's facts, an
                // animation's clock, the orientation tag), in the reply's memory.
                let (name, format, make) = HeaderReading.recordReader(for: request!)
                reply = record(
                    of: descriptor, as: name, format: format, replySlot: request!.replySlot, memory: replyMemory,
                    in: replies, make: make)
                replyMemory = -1
            case .status?:
                reply = DecoderReply(failureCode: 0, texts: [sandbox?.summary ?? "", String(getpid())])
            case .outputProfile?:
                if let bytes = profile(in: descriptor) {
                    outputProfile(bytes.isEmpty ? nil : bytes)
                    reply = DecoderReply(failureCode: 0, texts: [String(request!.profileGeneration)])
                } else {
                    reply = DecoderReply(failureCode: DecoderReply.refusedFailureCode, texts: ["unreadable profile"])
                }
            case let kind? where options.testRequests:
                reply = TestProbe.reply(to: kind)
            default:
                reply = DecoderReply(failureCode: DecoderReply.refusedFailureCode, texts: ["request refused"])
            }
            if descriptor >= 0 { close(descriptor) }
            if replyMemory >= 0 { close(replyMemory) }
            reply.decodeMicroseconds = UInt32(clamping: Int((MonotonicClock.seconds() - started) * 1e6))
            reply.sandboxGaps = gaps.rawValue
            let message = reply.encoded
            let sent = message.withUnsafeBytes {
                gallery_send_message(options.socket, $0.baseAddress, $0.count, -1, -1)
            }
            guard sent == message.count else { _exit(0) }
            // A decode's working memory (libjpeg's pools, row buffers) is freed into the heap, which glibc keeps: 4.4 MB
            // of a 1920×1280 JPEG's stayed resident in each decoder at rest. Given back once no request came for a
            // second: while the user pages, each decode reuses it rather than faulting it in again.
            if !requestArrives(on: options.socket, withinMilliseconds: 1000) { _ = malloc_trim(0) }
        }
    }

    /// Whether a request (or the socket's end) comes on `socket` within `milliseconds`.
    private static func requestArrives(on socket: Int32, withinMilliseconds milliseconds: Int32) -> Bool {
        var waiting = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        return poll(&waiting, 1, milliseconds) != 0
    }

    /// The reply to a request answered with a record (details, a header): `make`'s record of the photo `descriptor`
    /// (offered as `/gallery-photo.NAME`, parsed here, sandboxed) in the reply's memory (`memory`, which it takes).
    private static func record(
        of descriptor: Int32, as name: String, format: UInt8, replySlot: UInt8, memory: Int32, in replies: ReplyMemory,
        make: (String) -> [UInt8]?
    ) -> DecoderReply {
        if let refusal = replies.begin(replySlot: replySlot, memory: memory) {
            return DecoderReply(failureCode: DecoderReply.refusedFailureCode, texts: [refusal])
        }
        defer { replies.end() }
        let path = "/gallery-photo." + name
        OfferedPhoto.offer(descriptor, as: path)
        let record = make(path)
        OfferedPhoto.withdraw()
        guard let record else {
            return DecoderReply(failureCode: DecoderReply.refusedFailureCode, texts: ["unreadable"])
        }
        guard let target = replies.copyTarget(byteCount: record.count) else {
            return DecoderReply(failureCode: DecoderReply.memoryLimitFailureCode, texts: [])
        }
        record.withUnsafeBytes { target.bytes.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        return DecoderReply(
            failureCode: 0, width: 1, height: 1, stride: Int32(record.count),
            format: format, byteCount: UInt64(record.count))
    }

    /// The reply for `buffer`, whose pixels are copied into the request's place unless they are there already; a
    /// failure when they do not fit it.
    private static func placed(_ buffer: PixelBuffer, notes: [String], in replies: ReplyMemory) -> DecoderReply {
        var pixels = buffer
        if !replies.isPlace(buffer.storage) {
            let stride = PixelBuffer.alignedStride(width: buffer.width)
            guard let target = replies.copyTarget(byteCount: stride * buffer.height),
                let copy = try? PixelBuffer(
                    width: buffer.width, height: buffer.height, stride: stride, format: buffer.format, storage: target)
            else {
                return DecoderReply(failureCode: DecoderReply.memoryLimitFailureCode, texts: [])
            }
            for y in 0..<buffer.height { memcpy(copy.row(y), buffer.row(y), buffer.width * 4) }
            pixels = copy
        }
        return DecoderReply(
            failureCode: 0, width: Int32(pixels.width), height: Int32(pixels.height), stride: Int32(pixels.stride),
            format: pixels.format.rawValue, byteCount: UInt64(pixels.byteCount), texts: notes)
    }

    /// The reply to a decode that needs the format libraries `missing`, which this process did not load before its
    /// sandbox went on.
    private static func missingLibraries(_ missing: FormatLibrarySet) -> DecoderReply {
        DecoderReply(
            failureCode: DecoderReply.librariesMissingFailureCode,
            texts: [String(missing.rawValue), missing.names.joined(separator: ", ")])
    }

    /// The ICC bytes in the memfd `descriptor` (none: -1, sRGB, an empty array); nil when it cannot be read or is
    /// larger than any embedded profile may be.
    private static func profile(in descriptor: Int32) -> [UInt8]? {
        guard descriptor >= 0 else { return [] }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_size > 0,
            Int(status.st_size) <= EmbeddedColour.maximumProfileBytes
        else {
            return nil
        }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
        let read = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        return read == bytes.count ? bytes : nil
    }
}
