import DecoderProcess
import ImageLoader
import Imaging

extension DecoderServer {
    /// How the process was started (its command line).
    public struct Options: Sendable {
        /// The socket to the viewer (descriptor 3).
        public var socket: Int32 = 3
        /// The viewer's process id: the decoder ends at once if its parent is not that (the viewer died first).
        public var parent: Int32?
        /// The bytes a decode may map beyond the process's own code and heap.
        public var budgetBytes: UInt64 = 1 << 30
        /// Whether the test-only probe requests are answered.
        public var testRequests = false
        /// Format libraries whose load fails (test only, with `testRequests`): `--test-unloadable RAW` (a
        /// `FormatLibrarySet` raw value).
        public var unloadable: FormatLibrarySet = []
        /// Sandbox layers not put on, as on a kernel without them (test only, with `testRequests`):
        /// `--test-skip-layers landlock,seccomp`.
        public var skippedLayers: DecoderSandboxGaps = []

        /// Options from the command line's arguments (after the program name): `--serve FD`, `--parent PID`,
        /// `--budget BYTES`, `--test-requests`.
        public init(arguments: [String]) {
            var remaining = arguments[...]
            while let argument = remaining.popFirst() {
                switch argument {
                case "--serve": socket = remaining.popFirst().flatMap { Int32($0) } ?? socket
                case "--parent": parent = remaining.popFirst().flatMap { Int32($0) }
                case "--budget": budgetBytes = remaining.popFirst().flatMap { UInt64($0) } ?? budgetBytes
                case "--test-requests": testRequests = true
                case "--test-skip-layers":
                    for name in (remaining.popFirst() ?? "").split(separator: ",") {
                        if name == "landlock" { skippedLayers.insert(.landlock) }
                        if name == "seccomp" { skippedLayers.insert(.seccomp) }
                    }
                case "--test-unloadable":
                    unloadable = FormatLibrarySet(rawValue: remaining.popFirst().flatMap { UInt8($0) } ?? 0)
                default: break
                }
            }
        }
    }
}
