import DecoderProcess
import Foundation
import GalleryCore
import Glibc
import Support
import Testing

@testable import Gallery
@testable import Imaging

extension SDLSerializedTests {
    /// What a compromised decoder could reach, as the kernel shows it: no seccomp listener of its own, none of the
    /// viewer's standard streams, no capability, limits it cannot raise; and no decoder started by a name the current
    /// folder resolves, or without a sandbox.
    @Suite struct DecoderSandboxTrustTests {
        typealias Pools = DecoderPoolTests

        /// The id of `pool`'s process, sandboxed (the status request is its first: the sandbox goes on there).
        static func sandboxedProcess(of pool: DecoderPool) throws -> Int32 {
            let answer = try pool.ask(Pools.probe(.status)).get()
            return try #require(Int32(answer.reply.texts.last ?? ""))
        }

        /// Where each of the process's descriptors leads (`/proc/<pid>/fd`), by number.
        static func descriptors(of pid: Int32) throws -> [Int: String] {
            let folder = "/proc/\(pid)/fd"
            var links: [Int: String] = [:]
            for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
                guard let number = Int(name) else { continue }
                links[number] = try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + name)
            }
            return links
        }

        @Test func aDecoderHasNoSeccompNotificationDescriptorOfItsOwn() throws {
            let pool = Pools.pool()
            defer { pool.shutdown() }
            let pid = try Self.sandboxedProcess(of: pool)
            let links = try Self.descriptors(of: pid)
            #expect(links[3]?.hasPrefix("socket:") == true, "\(links)")
            #expect(!links.values.contains { $0.contains("seccomp") }, "\(links)")
            // Played as a compromised decoder: no descriptor answers a listener's ioctl, which is refused anyway.
            let answer = try pool.ask(Pools.probe(.probeNotificationListener)).get()
            #expect(answer.reply.texts == ["no listener", "\(EPERM)"])
        }

        /// Shared memory a decoder makes itself would be counted nowhere: a memfd grown by `fallocate` is in no
        /// mapping, so `RLIMIT_AS` never sees it. Found before: 2 GiB made (as far as the probe goes), 4× the limit.
        @Test func aDecoderCannotMakeSharedMemoryPastItsLimit() throws {
            let pool = Pools.pool()
            defer { pool.shutdown() }
            let pid = try Self.sandboxedProcess(of: pool)
            let line = try #require(try Pools.proc(pid, "limits", "Max address space").first)
            let limit = try #require(
                line.split(separator: " ", omittingEmptySubsequences: true).dropLast().last.flatMap { UInt64($0) })
            let answer = try pool.ask(Pools.probe(.probeSharedMemory)).get()
            let made = try #require(UInt64(answer.reply.texts.first ?? ""))
            #expect(made < limit, "\(made) bytes of shared memory made under a \(limit)-byte limit")
            #expect(made == 0, "\(answer.reply.texts)")
            #expect(answer.reply.texts.last == "\(EPERM)")
        }

        /// `fstat` is `newfstatat(fd, "", AT_EMPTY_PATH)` in glibc: a filter that lets that form through by its flag
        /// also told a path's metadata (the flag only matters when the path is empty). Found before: "told".
        @Test func aDecoderCannotReadAPathsMetadata() throws {
            let pool = Pools.pool()
            defer { pool.shutdown() }
            let answer = try pool.ask(Pools.probe(.probeStatPath)).get()
            #expect(answer.reply.texts.first?.hasPrefix("errno") == true, "\(answer.reply.texts)")
        }

        @Test func aDecoderWritesToNoneOfTheViewersStandardStreams() throws {
            let pool = Pools.pool()
            defer { pool.shutdown() }
            let links = try Self.descriptors(of: try Self.sandboxedProcess(of: pool))
            #expect(links[0] == "/dev/null" && links[1] == "/dev/null" && links[2] == "/dev/null", "\(links)")
        }

        @Test func aDecoderKeepsNoCapabilityAndCannotRaiseItsLimits() throws {
            let pool = Pools.pool()
            defer { pool.shutdown() }
            let pid = try Self.sandboxedProcess(of: pool)
            let none = "0000000000000000"
            for set in ["CapInh:", "CapPrm:", "CapEff:", "CapAmb:"] {
                #expect(try Pools.proc(pid, "status", set) == [set + "\t" + none])
            }
            // Only a process with CAP_SETPCAP (root's) may empty its bounding set; a test run by a user has none.
            if geteuid() == 0 { #expect(try Pools.proc(pid, "status", "CapBnd:") == ["CapBnd:\t" + none]) }
            for limit in ["Max cpu time", "Max address space"] {
                let line = try #require(try Pools.proc(pid, "limits", limit).first)
                let fields = line.split(separator: " ", omittingEmptySubsequences: true)
                #expect(fields.count >= 3 && fields[fields.count - 2] != "unlimited", "\(line)")
            }
            // Every shared memory it writes is a memfd of the viewer's: how many it could keep is bounded too.
            let files = try #require(try Pools.proc(pid, "limits", "Max open files").first)
            #expect(files.split(separator: " ", omittingEmptySubsequences: true).suffix(3).first == "24", "\(files)")
        }

        /// A relative name is resolved by the kernel against the current folder (the photo folder, as likely as
        /// not): an executable planted there must never run.
        @Test func aDecoderIsNeverStartedByARelativeName() throws {
            let folder = try TemporaryDirectory()
            let planted = folder.path("gallery-decoder")
            try Array("#!/bin/sh\n: > \"$0.ran\"\n".utf8).withUnsafeBytes {
                try Data($0).write(to: URL(fileURLWithPath: planted))
            }
            chmod(planted, 0o755)
            let here = FileManager.default.currentDirectoryPath.split(separator: "/")
            let relative = String(repeating: "../", count: here.count) + planted.dropFirst()
            let pool = DecoderPool(DecoderPool.Configuration(executable: relative, processCount: 1))
            defer { pool.shutdown() }
            let outcome = pool.ask(Pools.probe(.status))
            guard case .failure(.unavailable(let why)) = outcome else {
                Issue.record("\(outcome)")
                return
            }
            #expect(why.contains("not an absolute path"), "\(why)")
            #expect(!FileManager.default.fileExists(atPath: planted + ".ran"))
        }

        @Test func theDecoderIsLookedForOnlyBesideTheViewer() throws {
            #expect(
                DecoderPool.besideViewer(ownPath: { "/opt/gallery/bin/gallery" }) == "/opt/gallery/bin/gallery-decoder")
            // No /proc: no path, and no process (never the bare name, which the current folder would resolve).
            let unknown = DecoderPool.besideViewer(ownPath: { nil })
            let pool = DecoderPool(DecoderPool.Configuration(executable: unknown, processCount: 1))
            defer { pool.shutdown() }
            let outcome = pool.ask(Pools.probe(.status))
            guard case .failure(.unavailable(let why)) = outcome else {
                Issue.record("\(outcome)")
                return
            }
            #expect(why.contains("/proc/self/exe"), "\(why)")
        }

        /// A pool whose processes put on every layer but `skipped` (test only), and the warnings it gives.
        static func pool(skipping skipped: String) -> (DecoderPool, LockedState<[String]>) {
            var configuration = DecoderPool.Configuration(
                executable: DecoderPool.besideViewer(), processCount: 1, budgetBytes: 512 << 20)
            configuration.testRequests = true
            configuration.decoderArguments = ["--test-skip-layers", skipped]
            let pool = DecoderPool(configuration)
            let warnings = LockedState<[String]>([])
            pool.warn = { line in warnings.withLock { $0.append(line) } }
            return (pool, warnings)
        }

        @Test func aDecoderWithoutLandlockOrSeccompDecodesNothing() throws {
            let folder = try TemporaryDirectory()
            let path = try Pools.photos(1, in: folder)[0]
            let (pool, warnings) = Self.pool(skipping: "landlock,seccomp")
            defer { pool.shutdown() }
            let outcome = Pools.decode(path, pool: pool)
            guard case .failure(let failure) = outcome else {
                Issue.record("decoded unsandboxed")
                return
            }
            #expect(failure.description.contains("not sandboxed"), "\(failure.description)")
            #expect(warnings.withLock { $0 }.count == 1)
            #expect(
                warnings.withLock { $0 }.first?.contains("Landlock, seccomp") == true, "\(warnings.withLock { $0 })")
        }

        @Test func landlockAloneStillRefusesFiles() throws {
            let (pool, warnings) = Self.pool(skipping: "seccomp")
            defer { pool.shutdown() }
            let answer = try pool.ask(Pools.probe(.probeOpenFile)).get()
            #expect(answer.reply.texts == ["errno \(EACCES)"])
            #expect(warnings.withLock { $0 }.first?.contains("missing seccomp") == true, "\(warnings.withLock { $0 })")
        }

        @Test func aMissingLayerIsSaidOnceAndTheOthersStillDecode() throws {
            let folder = try TemporaryDirectory()
            let paths = try Pools.photos(2, in: folder)
            let (pool, warnings) = Self.pool(skipping: "landlock")
            defer { pool.shutdown() }
            for path in paths { _ = try Pools.decode(path, pool: pool).get() }
            let said = warnings.withLock { $0 }
            #expect(said.count == 1 && said[0].contains("Landlock") && !said[0].contains("seccomp"), "\(said)")
            // seccomp alone still refuses files.
            let answer = try pool.ask(Pools.probe(.probeOpenFile)).get()
            #expect(answer.reply.texts == ["errno \(EACCES)"])
        }
    }
}
