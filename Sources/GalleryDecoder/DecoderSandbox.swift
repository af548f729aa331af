import CSandbox
import DecoderProcess
import Glibc

/// The sandbox a decoder process puts on itself before it reads a byte of any photo, and which of its layers are on.
///
/// Each layer is tried on its own and reported (`summary`, and `gaps` in every reply, which the viewer says on
/// standard error). Landlock and seccomp each refuse every file and socket on their own; with neither, the process
/// decodes nothing (`DecoderSandboxGaps.refusesPhotos`).
public struct DecoderSandbox: Sendable, Equatable {
    /// `PR_SET_NO_NEW_PRIVS` is set.
    public var noNewPrivileges = false
    /// No capability is effective, permitted, inheritable or ambient (a decoder started by root keeps none).
    public var noCapabilities = false
    /// The Landlock ABI the process is restricted under (no file system access), or nil when it is not.
    public var landlockABI: Int?
    /// The seccomp filter is loaded.
    public var seccomp = false
    /// The address-space limit (`RLIMIT_AS`, soft and hard), in bytes, or nil when none could be set.
    public var addressSpaceLimit: UInt64?
    /// The CPU-time limit (`RLIMIT_CPU`) is armed per decode, under a hard limit for the process's life.
    public var cpuLimit = false
    /// Why each layer that is off is off.
    public var missing: [String] = []

    /// The CPU seconds a decoder process may use in its whole life: the hard `RLIMIT_CPU`, which it cannot raise
    /// (the soft limit armed per decode stays under it). A process that reaches it is killed, and its photo tried
    /// again on a new one.
    static let lifetimeCPUSeconds: UInt64 = 3600

    /// The most descriptors a decoder process may hold (`RLIMIT_NOFILE`, soft and hard): it needs about a dozen.
    static let descriptorLimit: UInt64 = 24

    /// The layers that are off.
    public var gaps: DecoderSandboxGaps {
        var gaps: DecoderSandboxGaps = []
        if !noNewPrivileges { gaps.insert(.noNewPrivileges) }
        if !noCapabilities { gaps.insert(.capabilities) }
        if landlockABI == nil { gaps.insert(.landlock) }
        if !seccomp { gaps.insert(.seccomp) }
        if addressSpaceLimit == nil { gaps.insert(.addressSpaceLimit) }
        if !cpuLimit { gaps.insert(.cpuLimit) }
        return gaps
    }

    /// Puts every layer on but `skipped` (tests only: a kernel without them): the limits (the address space at what is
    /// mapped now plus `budgetBytes`, soft and hard), no capabilities, no_new_privs, Landlock and seccomp, in that
    /// order (seccomp last: it refuses the calls the others make).
    /// `readableFiles` (at most 8) are the files `access` then says are readable, the kernel never asked: the fonts
    /// mapped for SVG text (`gallery_svg_font_files`), which cairo asks about before it draws with them.
    public static func enter(
        budgetBytes: UInt64, skipping skipped: DecoderSandboxGaps = [], readableFiles: [String] = []
    ) -> DecoderSandbox {
        var sandbox = DecoderSandbox()
        answerAccess(readableFiles)
        _ = gallery_sandbox_set_limit(Int32(RLIMIT_CORE.rawValue), 0, 0)
        let mapped = gallery_sandbox_mapped_bytes()
        let limit = mapped + budgetBytes
        let limited = gallery_sandbox_set_limit(Int32(RLIMIT_AS.rawValue), limit, limit)
        if limited == 0 {
            sandbox.addressSpaceLimit = limit
        } else {
            sandbox.missing.append("address-space limit: \(describe(limited))")
        }
        // Descriptors: what a decode holds (the standard streams, the socket, the photo, the reply slots and the
        // reply's own memory) and some. Every shared memory a decoder can write is a memfd of the viewer's, so this
        // bounds how many of them one that keeps every memfd it is sent can keep alive after the viewer let go.
        _ = gallery_sandbox_set_limit(Int32(RLIMIT_NOFILE.rawValue), descriptorLimit, descriptorLimit)
        let lifetime = gallery_sandbox_cpu_seconds() + lifetimeCPUSeconds
        let cpu = gallery_sandbox_set_limit(Int32(RLIMIT_CPU.rawValue), lifetime, lifetime)
        sandbox.cpuLimit = cpu == 0
        if cpu != 0 { sandbox.missing.append("CPU limit: \(describe(cpu))") }
        // Before no_new_privs and the filter: capset and prctl are refused once it is on.
        let capabilities = gallery_sandbox_drop_capabilities()
        sandbox.noCapabilities = capabilities == 0
        if capabilities != 0 { sandbox.missing.append("capability drop: \(describe(capabilities))") }
        let privileges = gallery_sandbox_no_new_privs()
        sandbox.noNewPrivileges = privileges == 0
        if privileges != 0 { sandbox.missing.append("no_new_privs: \(describe(privileges))") }
        let landlock = skipped.contains(.landlock) ? -ENOSYS : gallery_sandbox_landlock()
        if landlock > 0 {
            sandbox.landlockABI = Int(landlock)
        } else {
            sandbox.missing.append("Landlock: \(describe(landlock))")
        }
        let filter = skipped.contains(.seccomp) ? -ENOSYS : gallery_sandbox_seccomp()
        sandbox.seccomp = filter == 0
        if filter != 0 { sandbox.missing.append("seccomp: \(describe(filter))") }
        return sandbox
    }

    /// Has the seccomp filter's trap answer `access` for `files` (and refuse any other).
    private static func answerAccess(_ files: [String]) {
        var copies = files.prefix(8).map { strdup($0) }
        defer { copies.forEach { free($0) } }
        copies.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: UnsafePointer<CChar>?.self) {
                _ = gallery_sandbox_answer_access($0.baseAddress, Int32($0.count))
            }
        }
    }

    /// Arms the CPU limit for the next decode: `seconds` beyond what the process has used so far, within the hard
    /// limit (which only goes down).
    static func armCPULimit(seconds: UInt32) {
        let hard = gallery_sandbox_hard_limit(Int32(RLIMIT_CPU.rawValue))
        let soft = min(gallery_sandbox_cpu_seconds() + UInt64(max(seconds, 1)), hard)
        _ = gallery_sandbox_set_limit(Int32(RLIMIT_CPU.rawValue), soft, hard)
    }

    /// One line per layer, for `gallery-decoder --sandbox`, the status request and the docs.
    public var summary: String {
        var lines: [String] = []
        lines.append("no_new_privs: \(noNewPrivileges ? "on" : "off")")
        lines.append("capabilities: " + (noCapabilities ? "none" : "kept"))
        lines.append("Landlock: " + (landlockABI.map { "on (ABI \($0), no file system access)" } ?? "off"))
        lines.append("seccomp: " + (seccomp ? "on (allow-list; files, sockets, exec, ptrace refused)" : "off"))
        lines.append(
            "address-space limit: "
                + (addressSpaceLimit.map { "\($0 >> 20) MiB (RLIMIT_AS)" } ?? "off"))
        lines.append(
            "CPU limit: "
                + (cpuLimit ? "on per decode (RLIMIT_CPU; \(Self.lifetimeCPUSeconds) s a process, hard)" : "off"))
        if gaps.refusesPhotos { lines.append("photos: refused (neither Landlock nor seccomp)") }
        return (lines + missing.map { "missing: \($0)" }).joined(separator: "\n")
    }

    private static func describe(_ negativeErrno: Int32) -> String {
        String(cString: strerror(-negativeErrno))
    }
}
