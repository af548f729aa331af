import CSandbox
import DecoderProcess
import Glibc

/// The test-only probe requests (`--test-requests`): each tries, from inside the sandbox, something the sandbox must
/// refuse or bound (a file, a socket, memory, CPU, a crash, a seccomp listener, shared memory, a path's stat), and
/// replies what happened.
enum TestProbe {
    /// The reply to the probe `kind` (or its end: the bomb, the spin and the crash never reply).
    static func reply(to kind: DecoderRequest.Kind) -> DecoderReply {
        switch kind {
        case .probeOpenFile:
            let opened = open("/etc/passwd", O_RDONLY | O_CLOEXEC)
            let error = errno
            if opened >= 0 { close(opened) }
            return DecoderReply(failureCode: 0, texts: [opened >= 0 ? "opened" : "errno \(error)"])
        case .probeSocket:
            let opened = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            let error = errno
            if opened >= 0 { close(opened) }
            return DecoderReply(failureCode: 0, texts: [opened >= 0 ? "opened" : "errno \(error)"])
        case .probeMemoryBomb:
            var blocks: [UnsafeMutableRawPointer] = []
            while true {
                let chunk = 64 << 20
                guard let block = malloc(chunk) else { _exit(DecoderFault.memoryLimitExitStatus) }
                memset(block, 1, chunk)
                blocks.append(block)
            }
        case .probeSpin:
            var value: UInt64 = 1
            while value != 0 { value = value &* 6_364_136_223_846_793_005 &+ 1 | 1 }
            return DecoderReply(failureCode: 0, texts: ["\(value)"])
        case .probeCrash:
            raise(SIGSEGV)
            return DecoderReply(failureCode: 0)
        case .probeNotificationListener:
            // SECCOMP_IOCTL_NOTIF_ID_VALID (_IOW('!', 2, __u64)): a listener says ENOENT for an id it never sent.
            let idValid: UInt = 0x4008_2102
            var id: UInt64 = 0
            var errors: Set<Int32> = []
            for descriptor in Int32(0)..<1024 where fcntl(descriptor, F_GETFD) >= 0 {
                if ioctl(descriptor, idValid, &id) == 0 || errno == ENOENT {
                    return DecoderReply(failureCode: 0, texts: ["listener \(descriptor)"])
                }
                errors.insert(errno)
            }
            return DecoderReply(
                failureCode: 0, texts: ["no listener", errors.sorted().map(String.init).joined(separator: " ")])
        case .probeSharedMemory:
            var error: Int32 = 0
            let made = gallery_sandbox_probe_shared_memory(2 << 30, &error)
            return DecoderReply(failureCode: 0, texts: ["\(made)", "\(error)"])
        case .probeStatPath:
            let errors = gallery_sandbox_probe_stat_path("/etc/passwd")
            return DecoderReply(
                failureCode: 0, texts: [errors == 0 ? "told" : "errno \(errors & 0xFFFF) \(errors >> 16)"])
        case .decode, .status, .outputProfile, .details, .header, .takenDate, .thumbnailFacts, .animationClock,
            .orientationTag:
            return DecoderReply(failureCode: DecoderReply.refusedFailureCode)
        }
    }
}
