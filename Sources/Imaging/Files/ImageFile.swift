import Glibc
import Support

/// An image file opened for reading so that nothing swapped onto its name can block or fool the decoder.
///
/// Opened with `O_NONBLOCK | O_CLOEXEC` (a FIFO renamed onto the name opens at once instead of waiting for a
/// writer), checked with `fstat` on the descriptor (not the name, which may change meanwhile) and refused unless it is
/// a regular file. Everything after the check reads through the same descriptor. Never writes. Every access goes
/// through `PhotoFileAccess`; the main thread never makes one.
package final class ImageFile {
    /// The size and modification time `fstat` reported: what tells a changed file from the one decoded.
    package let stamp: FileStamp
    /// The open descriptor (read-only), which a decoder process is handed; closed with this object.
    package let descriptor: Int32
    /// The name it was opened by, for `PhotoFileAccess`.
    private let path: String

    /// Opens `path`, or throws the reason it cannot be read as an image file.
    package init(path: String) throws(DecodeFailure.Reason) {
        let (descriptor, status) = try Self.open(path)
        self.descriptor = descriptor
        self.path = path
        stamp = FileStamp(status)
    }

    /// Opens `path` read-only without blocking (a FIFO renamed onto the name opens at once), checked with `fstat` on
    /// the descriptor to be a non-empty regular file: the descriptor and its status, or the reason it cannot be read.
    /// The caller owns the descriptor. Also what the viewer hands a decoder process.
    package static func open(_ path: String) throws(DecodeFailure.Reason) -> (descriptor: Int32, status: stat) {
        PhotoFileAccess.willAccess(path)
        // A decoder process's photo is the descriptor it was sent (its sandbox refuses every open by name).
        let descriptor =
            OfferedPhoto.duplicate(for: path)
            ?? PathBytes.withSystemPath(path) { Glibc.open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY) }
        guard descriptor >= 0 else { throw reason(forOpenError: errno) }
        var status = stat()
        PhotoFileAccess.willAccess(path)
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            close(descriptor)
            throw reason(forOpenError: code)
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw .notAFile
        }
        guard status.st_size > 0 else {
            close(descriptor)
            throw .emptyFile
        }
        return (descriptor, status)
    }

    deinit {
        close(descriptor)
    }

    /// The most bytes the viewer reads of a photo: its signature, which tells the format (docs/RELIABILITY.md).
    package static let signatureBytes = 16

    /// The file's first `signatureBytes` (fewer for a shorter file), read now and kept nowhere: all the viewer reads
    /// of a photo itself. Its format, picked from them (`ImageHeader.sniffedFormat`), is a guess a decoder corrects.
    package func signature() -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: Self.signatureBytes) { buffer, initialized in
            initialized = 0
            PhotoFileAccess.willAccess(path)
            while initialized < Self.signatureBytes {
                let got = pread(
                    descriptor, buffer.baseAddress! + initialized, Self.signatureBytes - initialized, off_t(initialized)
                )
                if got < 0, errno == EINTR { continue }
                guard got > 0 else { break }
                initialized += got
            }
        }
    }

    /// The file's first bytes (up to `headBytes`), read in one go at the first read that falls within them.
    private var head: [UInt8]?

    /// How much of a file the first read takes: header guards read a few bytes at many offsets (a JPEG's segments:
    /// five reads for a plain photo, more behind EXIF), and on a slow file system each read is a round trip.
    package static let headBytes = 128 << 10

    /// Up to `count` bytes at `offset`; fewer at the end of the file or on a read error.
    package func read(at offset: Int, count: Int) -> [UInt8] {
        guard offset >= 0, count > 0 else { return [] }
        guard offset + count <= Self.headBytes else { return readThrough(at: offset, count: count) }
        let head = self.head ?? readThrough(at: 0, count: min(stamp.byteCount, Self.headBytes))
        self.head = head
        guard offset < head.count else { return [] }
        return Array(head[offset..<min(offset + count, head.count)])
    }

    /// Up to `count` bytes at `offset`, read from the file now.
    private func readThrough(at offset: Int, count: Int) -> [UInt8] {
        guard count > 0 else { return [] }
        return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            initialized = 0
            while initialized < count {
                PhotoFileAccess.willAccess(path)
                let got = pread(
                    descriptor, buffer.baseAddress! + initialized, count - initialized,
                    off_t(offset + initialized))
                if got < 0, errno == EINTR { continue }
                guard got > 0 else { break }
                initialized += got
            }
        }
    }

    /// The whole file as `fstat` measured it, or the reason it cannot be read.
    package func contents() throws(DecodeFailure.Reason) -> [UInt8] {
        let bytes = read(at: 0, count: stamp.byteCount)
        guard bytes.count == stamp.byteCount else {
            throw .unreadable("the file shrank while it was read (\(bytes.count) of \(stamp.byteCount) bytes)")
        }
        return bytes
    }

    /// The failure reason for an `errno` from `open` or `fstat`.
    package static func reason(forOpenError code: Int32) -> DecodeFailure.Reason {
        code == ENOENT || code == ENOTDIR ? .missingFile : .unreadable(String(cString: strerror(code)))
    }
}
