import Imaging
import Support

extension ProcessDecoding {
    /// The sandbox layers a process of `pool` reports, one line each (e.g. "seccomp: on (…)"), or why none answered.
    public static func sandboxLayers(of pool: DecoderPool) -> [String] {
        let status = DecoderRequest(
            kind: .status, boxWidth: 1, boxHeight: 1, budgetBytes: 0, cpuSeconds: 0, fileExtension: "")
        switch pool.ask(status) {
        case .success(let answer) where answer.reply.succeeded:
            return (answer.reply.texts.first ?? "").split(separator: "\n").map(String.init)
        case .success(let answer): return ["no status (code \(answer.reply.failureCode))"]
        case .failure(let fault): return [fault.message]
        }
    }

    /// The format libraries the decoder process links, as it reports them (`gallery-decoder --versions`: e.g.
    /// "SDL_image 2.6.3, libheif 1.15.1, libjxl 0.7.0, LibRaw 0.21.1-Release"), or why it could not say.
    public static func formatLibraries(executable: String = DecoderPool.besideViewer()) -> String {
        // A bare name would be looked for in PATH by the shell: only the absolute path beside the viewer runs.
        guard executable.hasPrefix("/") else { return "unknown (the decoder's path is unknown: is /proc mounted?)" }
        let run = ChildProcess.run(
            shellCommand: "exec \"$1\" --versions", arguments: [Array(executable.utf8)], timeout: 5, maxLines: 4)
        guard case .success(let outcome) = run, outcome.exitStatus == 0, let line = outcome.lines.first else {
            return "unknown (\(executable) did not answer --versions)"
        }
        return line
    }

    /// What `--version` says about decoding: the format libraries the decoder links, then the sandbox layers a decoder
    /// process reports (the pool's own start, so the layers are the ones a real decode gets).
    public static func versionLines() -> [String] {
        let pool = makePool(options: ImageOptions(), processCount: 1)
        defer { pool.shutdown() }
        return [
            "decoders (gallery-decoder): " + formatLibraries(), "decoders: in gallery-decoder processes, sandboxed:",
        ]
            + sandboxLayers(of: pool).map { "  " + $0 }
    }
}
