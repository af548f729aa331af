import Imaging
import Support

/// Photos' headers as decoder processes read them (`HeaderRecord`): the viewer reads a photo's 16-byte signature and
/// nothing more, so a header stating 2^32 − 1 × 2^32 − 1 px is parsed where a fault costs a process, not the window.
///
/// A page asks for its header twice (its stated size for the placeholder, then its decode's deadline and libraries):
/// the answers are kept by file identity (`FileKey`: device, inode, size, modification time), so the second costs no
/// round trip, and a changed file is asked again.
enum ProcessHeaders {
    /// Headers kept; all are forgotten when it is full (a page's two asks come close together).
    static let keptCount = 512

    private static let kept = LockedState([FileKey: (fileExtension: String, header: HeaderRecord.Stated)]())

    /// The header of `file` (its name's extension `fileExtension`), read by a process of `pool`; nil when the process
    /// failed or answered with no record.
    static func header(of file: ImageFile, fileExtension: String, pool: DecoderPool) -> HeaderRecord.Stated? {
        let key = FileKey(descriptor: file.descriptor)
        if let key, let known = kept.withLock({ $0[key] }), known.fileExtension == fileExtension {
            return known.header
        }
        var message = DecoderRequest(
            kind: .header, boxWidth: 1, boxHeight: 1, budgetBytes: 0, cpuSeconds: 0, fileExtension: fileExtension)
        // A new process's first request loads its libraries: those the signature's format may need, so the decode
        // that follows finds them (a PNG needs SDL_image unless it is plain, which only its chunks tell).
        let signature = file.signature()
        message.libraries =
            ImageHeader.sniffedFormat(signature: signature, fileExtension: fileExtension) == .png
            ? .imageLoader : guessedLibraries(signature: signature, fileExtension: fileExtension)
        guard case .success(let answer) = pool.decode(descriptor: file.descriptor, request: message),
            answer.reply.succeeded, let record = answer.encoded, let header = HeaderRecord.decoded(record)
        else { return nil }
        if let key {
            kept.withLock { kept in
                if kept.count >= keptCount { kept.removeAll(keepingCapacity: true) }
                kept[key] = (fileExtension, header)
            }
        }
        return header
    }

    /// The libraries the format `signature` names needs, but none for a PNG: most are plain (libpng, which every
    /// process maps), and a decode that needs SDL_image after all is sent to a process that loads it.
    static func guessedLibraries(signature: [UInt8], fileExtension: String) -> FormatLibrarySet {
        let format = ImageHeader.sniffedFormat(signature: signature, fileExtension: fileExtension)
        return format == .png ? [] : FormatLibrarySet.needed(for: format)
    }
}
