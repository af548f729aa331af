import Glibc

extension DecoderPool {
    /// How the pool starts and bounds its processes.
    public struct Configuration: Sendable, Equatable {
        /// The decoder's executable (`gallery-decoder` beside the viewer's, `besideViewer()`).
        public var executable: String
        /// The most processes running (one per decode thread).
        public var processCount: Int
        /// Processes started at once (at most `processCount`); the others start when a decode finds none idle.
        public var initialCount: Int
        /// Seconds a decode waits for a busy process to come back before the pool starts another: a burst of quick
        /// decodes (a photo's neighbours after it is shown) shares the processes there are, a slow one does not hold
        /// the rest up for longer than this. 0: a new process as soon as none is idle.
        public var growthWaitSeconds: Double = 0
        /// Bytes one decode may map besides the decoder's own code and heap: its address-space limit.
        public var budgetBytes: UInt64
        /// Wall-clock seconds a decode may take before its process is killed.
        public var deadlineSeconds: Double
        /// CPU seconds a decode may use before the kernel ends its process (`RLIMIT_CPU`).
        public var cpuSeconds: UInt32
        /// Whether the processes answer the test-only probe requests.
        public var testRequests = false
        /// More arguments for each process (how its decoder decodes: limits, colour management).
        public var decoderArguments: [String] = []

        /// A configuration for `processCount` processes of `executable`.
        public init(
            executable: String, processCount: Int, budgetBytes: UInt64 = 1 << 30, deadlineSeconds: Double = 10,
            cpuSeconds: UInt32 = 10
        ) {
            self.executable = executable
            self.processCount = max(processCount, 1)
            initialCount = max(processCount, 1)
            self.budgetBytes = budgetBytes
            self.deadlineSeconds = deadlineSeconds
            self.cpuSeconds = cpuSeconds
        }
    }
}

// Where the decoder's executable is, and how each process of a pool is started.
extension DecoderPool {
    /// `gallery-decoder` in the directory of the running executable (the viewer's, or a test bundle's in the build
    /// directory): where `make install` puts it and where `swift build` builds it. `ownPath` reads the running
    /// executable's path (tests fake its failure). Without it, the bare name: never started (`DecoderProcessHandle`
    /// runs absolute paths only), so the photos' tiles say why.
    public static func besideViewer(
        named name: String = "gallery-decoder", ownPath: () -> String? = DecoderPool.ownExecutablePath
    ) -> String {
        guard let path = ownPath(), path.hasPrefix("/") else { return name }
        let directory = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        return directory + "/" + name
    }

    /// The running executable's path (`/proc/self/exe`), or nil when it cannot be read (no `/proc`).
    public static func ownExecutablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The command line (after the program name) of a process of `configuration`: also an animation's own process.
    static func arguments(_ configuration: Configuration) -> [String] {
        var arguments = ["--serve", "3", "--parent", String(getpid()), "--budget", String(configuration.budgetBytes)]
        if configuration.testRequests { arguments.append("--test-requests") }
        return arguments + configuration.decoderArguments
    }
}
