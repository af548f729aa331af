import CSandbox

#if canImport(Glibc)
import Glibc
#endif

/// The sandbox a decoder process puts on itself before it reads a byte of any photo, and which of its layers are on.
///
/// Each layer is tried on its own: where the kernel lacks one (an old kernel without Landlock, a container that
/// refuses seccomp) the others still hold, and the report says which are on.
public struct DecoderSandbox: Sendable, Equatable {
    /// `PR_SET_NO_NEW_PRIVS` is set.
    public var noNewPrivileges = false
    /// The Landlock ABI the process is restricted under (no file system access), or nil when it is not.
    public var landlockABI: Int?
    /// The seccomp filter is loaded.
    public var seccomp = false
    /// The address-space limit (`RLIMIT_AS`), in bytes, or nil when none could be set.
    public var addressSpaceLimit: UInt64?
    /// The CPU-time limit (`RLIMIT_CPU`) is armed per decode.
    public var cpuLimit = false
    /// Why each layer that is off is off.
    public var missing: [String] = []

    /// Puts every layer on: the limits (the address space at what is mapped now plus `budgetBytes`), then
    /// no_new_privs, Landlock and seccomp, in that order (seccomp last: it refuses the calls the others make).
    public static func enter(budgetBytes: UInt64) -> DecoderSandbox {
        var sandbox = DecoderSandbox()
        _ = gallery_sandbox_set_limit(Int32(RLIMIT_CORE.rawValue), 0, 0)
        let mapped = gallery_sandbox_mapped_bytes()
        let limit = mapped + budgetBytes
        let limited = gallery_sandbox_set_limit(Int32(RLIMIT_AS.rawValue), limit, limit)
        if limited == 0 {
            sandbox.addressSpaceLimit = limit
        } else {
            sandbox.missing.append("address-space limit: \(describe(limited))")
        }
        sandbox.cpuLimit = gallery_sandbox_set_limit(Int32(RLIMIT_CPU.rawValue), UInt64.max, UInt64.max) == 0
        let privileges = gallery_sandbox_no_new_privs()
        sandbox.noNewPrivileges = privileges == 0
        if privileges != 0 { sandbox.missing.append("no_new_privs: \(describe(privileges))") }
        let landlock = gallery_sandbox_landlock()
        if landlock > 0 {
            sandbox.landlockABI = Int(landlock)
        } else {
            sandbox.missing.append("Landlock: \(describe(landlock))")
        }
        let filter = gallery_sandbox_seccomp()
        sandbox.seccomp = filter == 0
        if filter != 0 { sandbox.missing.append("seccomp: \(describe(filter))") }
        return sandbox
    }

    /// Arms the CPU limit for the next decode: `seconds` beyond what the process has used so far.
    static func armCPULimit(seconds: UInt32) {
        let soft = gallery_sandbox_cpu_seconds() + UInt64(max(seconds, 1))
        _ = gallery_sandbox_set_limit(Int32(RLIMIT_CPU.rawValue), soft, UInt64.max)
    }

    /// One line per layer, for `gallery-decoder --sandbox`, the status request and the docs.
    public var summary: String {
        var lines: [String] = []
        lines.append("no_new_privs: \(noNewPrivileges ? "on" : "off")")
        lines.append("Landlock: " + (landlockABI.map { "on (ABI \($0), no file system access)" } ?? "off"))
        lines.append("seccomp: " + (seccomp ? "on (allow-list; files, sockets, exec, ptrace refused)" : "off"))
        lines.append(
            "address-space limit: "
                + (addressSpaceLimit.map { "\($0 >> 20) MiB (RLIMIT_AS)" } ?? "off"))
        lines.append("CPU limit: " + (cpuLimit ? "on per decode (RLIMIT_CPU)" : "off"))
        return (lines + missing.map { "missing: \($0)" }).joined(separator: "\n")
    }

    private static func describe(_ negativeErrno: Int32) -> String {
        String(cString: strerror(-negativeErrno))
    }
}
