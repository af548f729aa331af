import Imaging
import Support

extension ProcessDecoding {
    /// Where the EXIF orientation tag of the file open as `descriptor` (named `path`) is, found by a process of `pool`
    /// (the viewer reads none of the file), or why it cannot be rewritten; a refusal when the process gave no valid
    /// record.
    public static func orientationTag(descriptor: Int32, path: String, pool: DecoderPool)
        -> Result<OrientationTagEdit, TurnSavingRefusal>
    {
        let message = DecoderRequest(
            kind: .orientationTag, boxWidth: 1, boxHeight: 1, budgetBytes: 0, cpuSeconds: 0,
            fileExtension: fileExtension(path))
        guard case .success(let answer) = pool.decode(descriptor: descriptor, request: message),
            answer.reply.succeeded, let record = answer.encoded, let found = OrientationTagRecord.decoded(record)
        else { return .failure(.file("the decoder could not read it")) }
        return found
    }
}
