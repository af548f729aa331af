import Foundation

/// Writes trace records as JSON Lines, buffered, in the exact text of `TraceRecord.jsonLine`.
///
/// Owned and used by one thread (the frame loop), so it is deliberately not `Sendable`.
public final class TraceWriter {
    /// Bytes gathered before a write; a 60 Hz trace line is ~250 bytes, so this is a write every few seconds.
    public static let bufferCapacity = 64 * 1024

    private let handle: FileHandle
    private let destination: String
    private let closesHandle: Bool
    private var buffer: [UInt8] = []
    private var isClosed = false

    /// Creates or truncates the file at `path`; `close()` closes it.
    public init(path: String) throws(TraceError) {
        do {
            handle = try FileSystem.fileHandleForWriting(atPath: path)
        } catch {
            throw .cannotOpen(path: path, reason: error.reason)
        }
        destination = path
        closesHandle = true
        buffer.reserveCapacity(Self.bufferCapacity)
    }

    /// Writes to an open handle (standard output, a pipe) that the caller keeps; `close()` only flushes it.
    public init(fileHandle: FileHandle, name: String) {
        handle = fileHandle
        destination = name
        closesHandle = false
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
        do {
            try handle.write(contentsOf: buffer)
        } catch {
            throw .writeFailed(destination: destination, reason: "\(error)")
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Flushes, then closes the file if this writer opened it; later calls do nothing.
    public func close() throws(TraceError) {
        guard !isClosed else { return }
        isClosed = true
        try flush()
        guard closesHandle else { return }
        do {
            try handle.close()
        } catch {
            throw .writeFailed(destination: destination, reason: "\(error)")
        }
    }

    deinit {
        // A run that ends by an error path still leaves a complete trace of the frames it drew.
        try? close()
    }
}
