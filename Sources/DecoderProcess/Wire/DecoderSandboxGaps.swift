/// The sandbox layers a decoder process could not put on itself, as every reply states them
/// (`DecoderReply.sandboxGaps`): the viewer says so on standard error, once.
public struct DecoderSandboxGaps: OptionSet, Sendable, Hashable {
    /// The raw bits, as they cross.
    public let rawValue: UInt8

    /// The gaps of `rawValue` (bits no layer uses are kept and named as unknown).
    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// No Landlock: the file system is not closed by it (kernels before 5.13, or `lsm=` without landlock).
    public static let landlock = DecoderSandboxGaps(rawValue: 1 << 0)
    /// No seccomp filter: every system call is open.
    public static let seccomp = DecoderSandboxGaps(rawValue: 1 << 1)
    /// No `PR_SET_NO_NEW_PRIVS`.
    public static let noNewPrivileges = DecoderSandboxGaps(rawValue: 1 << 2)
    /// Capabilities kept (root's could raise its hard limits).
    public static let capabilities = DecoderSandboxGaps(rawValue: 1 << 3)
    /// No address-space limit.
    public static let addressSpaceLimit = DecoderSandboxGaps(rawValue: 1 << 4)
    /// No CPU-time limit.
    public static let cpuLimit = DecoderSandboxGaps(rawValue: 1 << 5)

    /// Whether photos are refused: with neither Landlock nor seccomp nothing stands between a decoder and the user's
    /// files, so a decoder decodes nothing (an error tile) rather than decode unconfined.
    public var refusesPhotos: Bool { isSuperset(of: [.landlock, .seccomp]) }

    /// The window's standing notice of these gaps (nil when every layer is on): short, since it stays on screen.
    public var windowNotice: String? {
        guard !isEmpty else { return nil }
        let consequence = refusesPhotos ? "photos are not decoded" : "weaker protection from hostile photos"
        return "Decoder sandbox missing " + names.joined(separator: ", ") + ": " + consequence
    }

    /// The missing layers' names, in the order the sandbox puts them on.
    public var names: [String] {
        let named: [(DecoderSandboxGaps, String)] = [
            (.addressSpaceLimit, "address-space limit"), (.cpuLimit, "CPU limit"), (.capabilities, "capability drop"),
            (.noNewPrivileges, "no_new_privs"), (.landlock, "Landlock"), (.seccomp, "seccomp"),
        ]
        let known = named.filter { contains($0.0) }.map(\.1)
        return subtracting(DecoderSandboxGaps(rawValue: 0x3F)).isEmpty ? known : known + ["unknown layers"]
    }
}
