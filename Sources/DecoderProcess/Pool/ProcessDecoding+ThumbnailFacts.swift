import Glibc
import Support

extension ProcessDecoding {
    /// The facts of the shared thumbnail cache's file at `path` (a regular file, no link followed, opened here
    /// read-only), read by a process of `pool`: the viewer reads none of its bytes. Nil when it cannot be opened, is no
    /// PNG, or the answer is no valid record.
    public static func thumbnailFacts(ofFileAt path: String, pool: DecoderPool) -> ThumbnailFacts? {
        let descriptor = PathBytes.withSystemPath(path) { open($0, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC) }
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size > 0 else {
            return nil
        }
        let message = DecoderRequest(
            kind: .thumbnailFacts, boxWidth: 1, boxHeight: 1, budgetBytes: 0, cpuSeconds: 0, fileExtension: "png")
        guard case .success(let answer) = pool.decode(descriptor: descriptor, request: message),
            answer.reply.succeeded, let record = answer.encoded
        else { return nil }
        return ThumbnailRecord.decoded(record)
    }
}
