import Glibc
import Support

/// An open file's bytes read through a window of `windowBytes`: what a scan or a frame-by-frame decoder reads from
/// a large file without holding it whole (a 60 MB GIF costs one window, not 60 MB).
package final class FileBytes: ScannedBytes {
    /// Bytes read from the file at a time.
    package static let windowBytes = 64 << 10
    /// The file.
    package let file: ImageFile
    /// The file's length when it was opened.
    package let count: Int
    /// The bytes last read, and where in the file they start.
    private var window: [UInt8] = []
    private var windowStart = 0

    /// The bytes of `file`.
    package init(_ file: ImageFile) {
        self.file = file
        count = file.stamp.byteCount
    }

    package subscript(_ index: Int) -> UInt8 {
        if index < windowStart || index >= windowStart + window.count { fill(at: index) }
        let offset = index - windowStart
        return offset >= 0 && offset < window.count ? window[offset] : 0
    }

    /// Copies up to `wanted` bytes at `offset` to `out`; returns how many (fewer at the end of the file).
    package func copy(at offset: Int, count wanted: Int, to out: UnsafeMutableRawPointer) -> Int {
        var copied = 0
        while copied < wanted, offset + copied < count {
            let at = offset + copied
            if at < windowStart || at >= windowStart + window.count { fill(at: at) }
            let available = windowStart + window.count - at
            guard available > 0 else { break }
            let length = min(available, wanted - copied)
            window.withUnsafeBytes {
                (out + copied).copyMemory(from: $0.baseAddress! + (at - windowStart), byteCount: length)
            }
            copied += length
        }
        return copied
    }

    /// Reads the window starting at `index`.
    private func fill(at index: Int) {
        windowStart = index
        window = index < count ? file.read(at: index, count: min(Self.windowBytes, count - index)) : []
    }
}
