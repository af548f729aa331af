import Glibc
import Support

/// Writes trace records as JSON Lines, buffered, in the exact text of `TraceRecord.jsonLine`.
///
/// Owned and used by one thread (the frame loop), so it is deliberately not `Sendable`. Writes go straight to a file
/// descriptor (no `FileHandle`, which would link all of Foundation into the app), always whole lines, so a run stopped
/// by a signal leaves a trace whose last line is complete. A write that fails part-way (a full disk) is cut back to
/// the last whole line it wrote (`ftruncate`), so the trace holds whole records or none, and the error is thrown.
public final class TraceWriter {
    /// Bytes gathered before a write; a 60 Hz trace line is ~250 bytes, so this is a write every few seconds.
    public static let bufferCapacity = 64 * 1024

    private let descriptor: Int32
    private let destination: String
    /// The file this writer closes, if it owns one (none for a descriptor the caller keeps).
    private let file: OutputFile?
    private var buffer: [UInt8] = []
    private var isClosed = false
    /// `write(2)`, replaceable in tests by one that fails part-way, as a full disk does.
    package var systemWrite: (Int32, UnsafeRawBufferPointer) -> Int = { descriptor, bytes in
        Glibc.write(descriptor, bytes.baseAddress, bytes.count)
    }

    /// Writes to `file`, opened through the output policy (`OutputFile.create(atPath:kind:role:policy:)`), which
    /// `close()` closes.
    public init(file: OutputFile) {
        descriptor = file.descriptor
        destination = file.path
        self.file = file
        buffer.reserveCapacity(Self.bufferCapacity)
    }

    /// Creates the trace at `path` through `policy`, or replaces an earlier trace there (never any other file).
    public convenience init(path: String, policy: OutputPolicy) throws(OutputError) {
        self.init(file: try OutputFile.create(atPath: path, kind: .trace, role: "--trace", policy: policy))
    }

    /// Writes to an open descriptor (standard output, a pipe) that the caller keeps; `close()` only flushes it.
    public init(descriptor: Int32, name: String) {
        self.descriptor = descriptor
        destination = name
        file = nil
        buffer.reserveCapacity(Self.bufferCapacity)
    }

    /// Appends one record and a newline.
    public func write(_ record: TraceRecord) throws(TraceError) {
        precondition(!isClosed, "TraceWriter used after close()")
        buffer.append(contentsOf: record.jsonLine.utf8)
        buffer.append(UInt8(ascii: "\n"))
        if buffer.count >= Self.bufferCapacity { try flush() }
    }

    /// Writes out everything buffered so far.
    public func flush() throws(TraceError) {
        guard !buffer.isEmpty else { return }
        let start = lseek(descriptor, 0, SEEK_CUR)  // -1 for a pipe, which cannot be cut back.
        var written = 0
        var failure: Int32?
        buffer.withUnsafeBytes { bytes in
            while written < bytes.count {
                let count = systemWrite(descriptor, UnsafeRawBufferPointer(rebasing: bytes[written...]))
                if count > 0 {
                    written += count
                } else if count < 0, errno == EINTR {
                    continue
                } else {
                    failure = count < 0 ? errno : ENOSPC
                    return
                }
            }
        }
        // Whole records or none: the file ends after the last newline this write got out.
        let kept = buffer[..<written].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        buffer.removeAll(keepingCapacity: true)
        guard let failure else { return }
        if start >= 0, kept < written {
            _ = ftruncate(descriptor, start + off_t(kept))
            _ = lseek(descriptor, start + off_t(kept), SEEK_SET)
        }
        throw .writeFailed(destination: destination, reason: FileSystem.message(forErrorCode: failure))
    }

    /// Flushes, then closes the file if this writer opened it; later calls do nothing.
    public func close() throws(TraceError) {
        guard !isClosed else { return }
        isClosed = true
        guard let file else { return try flush() }
        // The descriptor is released even when the last write fails; close(2) can also report a deferred write error.
        let flushed = Result { () throws(TraceError) in try flush() }
        if let failure = file.close() {
            try flushed.get()
            throw .writeFailed(destination: destination, reason: FileSystem.message(forErrorCode: failure))
        }
        try flushed.get()
    }

    deinit {
        // A run that ends by an error path still leaves a complete trace of the frames it drew.
        try? close()
    }
}
