import DecoderProcess
import Foundation
import GalleryCore
import GalleryTesting
import Glibc
import ImageLoader
import Support
import Testing

@testable import Gallery
@testable import ImageDecoders
@testable import Imaging

extension SDLSerializedTests {
    /// The decoder processes: their sandbox as the kernel reports it, and faults that cost one photo, never the pool.
    @Suite struct DecoderPoolTests {
        static let box = PixelSize(width: 320, height: 240)

        init() throws {
            _ = try SDLTestSession.start()
        }

        static func pool(
            processCount: Int = 1, budgetBytes: UInt64 = 512 << 20, deadline: Double = 10, cpuSeconds: UInt32 = 10,
            testRequests: Bool = true
        ) -> DecoderPool {
            var configuration = DecoderPool.Configuration(
                executable: DecoderPool.besideViewer(), processCount: processCount, budgetBytes: budgetBytes,
                deadlineSeconds: deadline, cpuSeconds: cpuSeconds)
            configuration.testRequests = testRequests
            return DecoderPool(configuration)
        }

        static func probe(_ kind: DecoderRequest.Kind) -> DecoderRequest {
            DecoderRequest(kind: kind, boxWidth: 1, boxHeight: 1, budgetBytes: 0, cpuSeconds: 0, fileExtension: "")
        }

        /// Photos of distinct colours, written as JPEGs into `folder`.
        static func photos(_ count: Int, in folder: TemporaryDirectory) throws -> [String] {
            try (0..<count).map { index in
                let jpeg = JPEGFixture.rgb(width: 64, height: 48) { _, _ in
                    RGBA(r: UInt8(40 * index), g: 200, b: UInt8(255 - 40 * index), a: 255)
                }
                return try folder.write(jpeg, to: "photo-\(index).jpg")
            }
        }

        static func request(_ path: String, photo: Int = 0) -> DecodeRequest {
            DecodeRequest(photo: PhotoID(photo), source: .file(path: path), box: box, generation: 0)
        }

        static func decode(_ path: String, pool: DecoderPool) -> Result<DecodedPicture, DecodeFailure> {
            Result { () throws(DecodeFailure) -> DecodedPicture in
                try ProcessDecoding.decode(request(path), pool: pool)
            }
        }

        /// The lines of `/proc/<pid>/<file>` that start with `prefix`.
        static func proc(_ pid: Int32, _ file: String, _ prefix: String) throws -> [String] {
            try String(contentsOfFile: "/proc/\(pid)/\(file)", encoding: .utf8)
                .split(separator: "\n").filter { $0.hasPrefix(prefix) }.map(String.init)
        }

        /// The process-decoding picture decoder of `pool` with the default budget, and a counter of the requests the
        /// pool sends from now on.
        static func counted(_ pool: DecoderPool) -> (ProcessPictureDecoder, LockedState<Int>) {
            let sent = LockedState(0)
            pool.afterSending = { _ in sent.withLock { $0 += 1 } }
            return (ProcessPictureDecoder(pool: pool, budget: DecodeBudget(totalBytes: 512 << 20)), sent)
        }

        @Test func theKernelReportsEachDecoderSandboxed() throws {
            let pool = Self.pool()
            defer { pool.shutdown() }
            let answer = try pool.ask(Self.probe(.status)).get()
            let pid = try #require(Int32(answer.reply.texts.last ?? ""))
            #expect(try Self.proc(pid, "status", "Seccomp:") == ["Seccomp:\t2"])
            #expect(try Self.proc(pid, "status", "NoNewPrivs:") == ["NoNewPrivs:\t1"])
            let addressSpace = try #require(try Self.proc(pid, "limits", "Max address space").first)
            #expect(!addressSpace.contains("unlimited"))
            #expect(answer.reply.texts.first?.contains("Landlock: on") == true)
        }

        @Test(arguments: [DecoderRequest.Kind.probeOpenFile, .probeSocket])
        func aDecoderIsRefusedFilesAndSockets(kind: DecoderRequest.Kind) throws {
            let pool = Self.pool()
            defer { pool.shutdown() }
            let answer = try pool.ask(Self.probe(kind)).get()
            #expect(answer.reply.texts == ["errno \(EACCES)"])
        }

        @Test func probesAreRefusedUnlessTheDecoderWasStartedForTests() throws {
            let pool = Self.pool(testRequests: false)
            defer { pool.shutdown() }
            let answer = try pool.ask(Self.probe(.probeOpenFile)).get()
            #expect(answer.reply.failureCode == DecoderReply.refusedFailureCode)
        }

        @Test func aDecoderStoppedAtItsMemoryLimitIsNamedSoOnTheTile() {
            let reason = DecodeFailureCode.decode(code: DecoderReply.memoryLimitFailureCode, texts: [])
            let failure = DecodeFailure(source: .file(path: "/photos/big.png"), reason: reason)
            #expect(failure.description == "big.png: over the memory limit")
        }

        @Test func photosDecodeInTheProcessAsTheyDoInline() throws {
            let folder = try TemporaryDirectory()
            let path = try Self.photos(1, in: folder)[0]
            let pool = Self.pool()
            defer { pool.shutdown() }
            let surface = try Self.decode(path, pool: pool).get()
            let inline = try ImageDecoder().decode(.file(path: path), fitting: Self.box)
            #expect(surface.size == inline.size)
            #expect(surface.pixel(x: 10, y: 10) == inline.pixel(x: 10, y: 10))
            #expect(
                surface.pixel(x: surface.width - 1, y: surface.height - 1)
                    == inline.pixel(x: inline.width - 1, y: inline.height - 1))
        }

        /// The viewer keeps a process's pixels in the memory they came in (no copy into its own pages): the picture's
        /// storage is the memfd the decoder wrote.
        @Test func aProcessPictureStaysInTheSharedMemoryItCameIn() throws {
            let folder = try TemporaryDirectory()
            let path = try Self.photos(1, in: folder)[0]
            let pool = Self.pool()
            defer { pool.shutdown() }
            let picture = try Self.decode(path, pool: pool).get()
            #expect(picture.pixels.storage.sharedMemory != nil)
        }

        /// A picture the viewer holds is never written over by the process's next reply, whether the decoder fitted it
        /// straight into shared memory (a box larger than the photo) or copied it into a reply buffer (the photo's own
        /// size, no fit).
        @Test(arguments: [PixelSize(width: 320, height: 240), PixelSize(width: 64, height: 48)])
        func aHeldPictureIsNeverOverwrittenByTheNextReply(box: PixelSize) throws {
            let folder = try TemporaryDirectory()
            let paths = try Self.photos(2, in: folder)
            let pool = Self.pool()
            defer { pool.shutdown() }
            func decode(_ path: String) throws -> DecodedPicture {
                let request = DecodeRequest(photo: PhotoID(0), source: .file(path: path), box: box, generation: 0)
                return try ProcessDecoding.decode(request, pool: pool)
            }
            let first = try decode(paths[0])
            let before = first.pixel(x: 5, y: 5)
            let second = try decode(paths[1])
            #expect(second.pixel(x: 5, y: 5) != before)
            #expect(first.pixel(x: 5, y: 5) == before)
        }

        /// The display's profile crosses to the processes: a photo with a profile of its own decodes in a process as
        /// it does inline to the same output profile, and back to sRGB when the profile is taken away.
        @Test func theOutputProfileCrossesToTheProcesses() throws {
            let folder = try TemporaryDirectory()
            let size = PixelSize(width: 48, height: 32)
            let source = try folder.write(
                EncodedFixture.ppm(width: size.width, height: size.height) { x, y in
                    RGBA(r: UInt8(40 + 4 * x), g: UInt8(200 - 5 * y), b: 90)
                }, to: "source.ppm")
            let profiles = "/usr/share/color/icc/ghostscript/"
            let photo = folder.path("wide.png")
            try #require(
                EncodedFixture.run([
                    "convert", source, "-profile", profiles + "srgb.icc", "-profile", profiles + "a98.icc", photo,
                ]))
            let display = try #require(FileManager.default.contents(atPath: profiles + "a98.icc")).map { $0 }
            let pool = Self.pool()
            defer { pool.shutdown() }
            func pixels(_ picture: DecodedPicture) -> [RGBA] {
                [(2, 2), (24, 16), (45, 30)].map { picture.pixel(x: $0.0, y: $0.1) }
            }
            func process() throws -> [RGBA] {
                let request = DecodeRequest(photo: PhotoID(0), source: .file(path: photo), box: size, generation: 0)
                return pixels(try ProcessDecoding.decode(request, pool: pool))
            }
            func inline(_ profile: [UInt8]?) throws -> [RGBA] {
                var decoder = ImageDecoder()
                decoder.outputProfile = profile
                return pixels(try decoder.decode(.file(path: photo), fitting: size))
            }
            pool.setOutputProfile(display)
            let onDisplay = try process()
            #expect(onDisplay == (try inline(display)))
            pool.setOutputProfile(nil)
            #expect(try process() == (try inline(nil)))
            #expect(onDisplay != (try inline(nil)))
        }

        struct Stop: Sendable, CustomTestStringConvertible {
            let kind: DecoderRequest.Kind
            let deadline: Double
            let cpuSeconds: UInt32
            let budget: UInt64
            let expected: DecoderFault
            var testDescription: String { expected.message }
        }

        @Test(arguments: [
            Stop(kind: .probeMemoryBomb, deadline: 20, cpuSeconds: 20, budget: 256 << 20, expected: .overMemoryLimit),
            Stop(kind: .probeSpin, deadline: 1, cpuSeconds: 30, budget: 256 << 20, expected: .tookTooLong(seconds: 1)),
            Stop(kind: .probeSpin, deadline: 30, cpuSeconds: 1, budget: 256 << 20, expected: .tookTooLong(seconds: 1)),
        ])
        func aLimitStopsTheDecoderAndTheNextPhotoDecodes(stop: Stop) throws {
            let folder = try TemporaryDirectory()
            let path = try Self.photos(1, in: folder)[0]
            let pool = Self.pool(budgetBytes: stop.budget, deadline: stop.deadline, cpuSeconds: stop.cpuSeconds)
            defer { pool.shutdown() }
            let first = pool.idleProcessIDs
            let outcome = pool.ask(Self.probe(stop.kind))
            #expect(throws: stop.expected) { try outcome.get() }
            #expect(pool.idleProcessIDs.allSatisfy { !first.contains($0) })
            #expect(throws: Never.self) { try Self.decode(path, pool: pool).get() }
        }

        @Test(arguments: [SIGSEGV, SIGKILL], [1, 2])
        func aDecoderKilledMidDecodeCostsOnePhotoAtMost(signal: Int32, kills: Int) throws {
            let folder = try TemporaryDirectory()
            let paths = try Self.photos(3, in: folder)
            let pool = Self.pool()
            defer { pool.shutdown() }
            let sent = LockedState([Int32]())
            pool.afterSending = { pid in
                let count = sent.withLock { sent in
                    sent.append(pid)
                    return sent.count
                }
                if count <= kills { kill(pid, signal) }
            }
            let outcome = Self.decode(paths[0], pool: pool)
            // Each kill is a crash on a process of its own; the photo is tried again once, on a new process.
            #expect(Set(sent.withLock { $0 }).count == min(kills + 1, 2))
            if kills == 1 {
                #expect(throws: Never.self) { try outcome.get() }
            } else {
                // The second crash may be its header's read, before the decode is sent: not tried again either way.
                guard case .failure(let failure) = outcome, case .decoderStopped(let why) = failure.reason else {
                    Issue.record("\(outcome)")
                    return
                }
                #expect(why.hasPrefix("decoder crashed"), "\(why)")
                // Not tried again: no process is asked.
                let before = sent.withLock { $0.count }
                #expect(throws: DecodeFailure.self) { try Self.decode(paths[0], pool: pool).get() }
                #expect(sent.withLock { $0.count } == before)
            }
            for path in paths.dropFirst() {
                #expect(throws: Never.self) { try Self.decode(path, pool: pool).get() }
            }
        }

        @Test func aPhotoThatCrashedTwiceIsTriedAgainOnceItChanges() throws {
            let folder = try TemporaryDirectory()
            let path = try Self.photos(1, in: folder)[0]
            let pool = Self.pool()
            defer { pool.shutdown() }
            let killing = LockedState(true)
            pool.afterSending = { pid in if killing.withLock({ $0 }) { kill(pid, SIGSEGV) } }
            #expect(throws: DecodeFailure.self) { try Self.decode(path, pool: pool).get() }
            killing.withLock { $0 = false }
            #expect(throws: DecodeFailure.self) { try Self.decode(path, pool: pool).get() }
            // A new version of the file (another size) is decoded again.
            let changed = JPEGFixture.rgb(width: 80, height: 60) { _, _ in RGBA(r: 1, g: 2, b: 3, a: 255) }
            try folder.write(changed, to: "photo-0.jpg")
            #expect(throws: Never.self) { try Self.decode(path, pool: pool).get() }
        }

        /// Starts `gallery-decoder` from a shell that stays its parent, its socket's other end held here (so only
        /// the parent's death can end it); the shell's and the decoder's ids.
        static func decoderUnderShell(socket: inout [Int32]) throws -> (shell: pid_t, decoder: pid_t) {
            #expect(socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &socket) == 0)
            var output: [Int32] = [-1, -1]
            #expect(pipe(&output) == 0)
            for end in output { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_adddup2(&actions, socket[1], 3)
            posix_spawn_file_actions_adddup2(&actions, output[1], 1)
            let script = "\"$0\" --serve 3 --parent $$ & echo $!; wait"
            let arguments: [String] = ["/bin/sh", "-c", script, DecoderPool.besideViewer()]
            let argv = arguments.map { strdup($0) }
            defer { for each in argv { free(each) } }
            // Signals at their defaults and unblocked in the shell, whatever the test runner blocks.
            let spawnAttributes = SpawnAttributes()
            var shell: pid_t = 0
            #expect(posix_spawn(&shell, "/bin/sh", &actions, &spawnAttributes.attributes, argv + [nil], environ) == 0)
            close(output[1])
            close(socket[1])
            var line = [UInt8](repeating: 0, count: 32)
            let count = read(output[0], &line, line.count)
            close(output[0])
            let text = String(decoding: line.prefix(max(count, 0)), as: UTF8.self)
            let decoder = try #require(pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)))
            return (shell, decoder)
        }

        /// Whether `pid` is gone or a zombie (ended, not yet reaped).
        static func hasEnded(_ pid: pid_t) -> Bool {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
            return stat.split(separator: ")").last?.split(separator: " ").first == "Z"
        }

        @Test(arguments: [SIGKILL, SIGTERM])
        func aDecoderEndsWhenTheProcessThatStartedItDies(signal: Int32) throws {
            var socket: [Int32] = [-1, -1]
            let (shell, decoder) = try Self.decoderUnderShell(socket: &socket)
            defer { close(socket[0]) }
            // Sandboxed and waiting on its socket (whose other end is still open here).
            _ = DecoderRequest(
                kind: .status, boxWidth: 1, boxHeight: 1, budgetBytes: 0, cpuSeconds: 0, fileExtension: ""
            ).encoded.withUnsafeBytes { send(socket[0], $0.baseAddress, $0.count, 0) }
            var reply = [UInt8](repeating: 0, count: DecoderReply.maximumByteCount)
            #expect(recv(socket[0], &reply, reply.count, 0) > 0)
            #expect(!Self.hasEnded(decoder))
            kill(shell, signal)
            var status: Int32 = 0
            #expect(waitpid(shell, &status, 0) == shell)
            // The kernel sends the decoder its death signal as the shell exits; allow it a few seconds to act.
            let deadline = MonotonicClock.seconds() + 5
            while !Self.hasEnded(decoder), MonotonicClock.seconds() < deadline { usleep(10_000) }
            #expect(Self.hasEnded(decoder))
        }

        @Test func noDecoderOutlivesItsPool() throws {
            let pool = Self.pool(processCount: 2)
            _ = try pool.ask(Self.probe(.status)).get()
            let pids = pool.idleProcessIDs
            #expect(pids.count == 2)
            pool.shutdown()
            // Reaped by the pool: no process (nor zombie) with those ids is ours any more.
            for pid in pids { #expect(kill(pid, 0) == -1 && errno == ESRCH) }
        }
    }
}
