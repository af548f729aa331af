import DecoderProcess
import Imaging

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

    /// What `--version` says about decoding under `choice`: inline says so at once; process starts one decoder
    /// (the pool's own start, so the layers are the ones a real decode gets) and lists the layers it reports.
    public static func versionLines(_ choice: DecoderChoice) -> [String] {
        switch choice {
        case .inline:
            return ["decoders: inline, in the viewer's process (--decoders process runs them sandboxed)"]
        case .process:
            let pool = makePool(decoder: ImageDecoder(), processCount: 1)
            defer { pool.shutdown() }
            return ["decoders: in gallery-decoder processes, sandboxed:"] + sandboxLayers(of: pool).map { "  " + $0 }
        }
    }
}
