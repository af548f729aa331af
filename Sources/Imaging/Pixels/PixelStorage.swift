import CSharedMemory

#if canImport(Glibc)
import Glibc
#endif

/// Pixel memory owned by one object: private pages, or a shared-memory file another process can map.
///
/// `@unchecked Sendable` for the same reason `PixelBuffer` is `Sendable`: memory changes hands whole. A decoder fills
/// it, hands it on and keeps no reference; from then on only the receiver reads it. The object holds only the address,
/// the length and the descriptor, none of which change.
public final class PixelStorage: @unchecked Sendable {
    /// The first byte; at least 64-aligned, so row starts meet SIMD alignment whenever the stride does.
    public let bytes: UnsafeMutableRawPointer
    /// The mapped length in bytes.
    public let byteCount: Int
    /// The memfd the pixels live in, when they are in shared memory (`allocateShared`, `map`): what goes to the
    /// other process. Closed with this object.
    public let sharedMemory: Int32?

    /// Whether the memory came from `malloc` (freed) rather than `mmap` (unmapped).
    private let isFromMalloc: Bool

    private init(bytes: UnsafeMutableRawPointer, byteCount: Int, sharedMemory: Int32?, isFromMalloc: Bool = false) {
        self.bytes = bytes
        self.byteCount = byteCount
        self.sharedMemory = sharedMemory
        self.isFromMalloc = isFromMalloc
    }

    deinit {
        if isFromMalloc { free(bytes) } else { munmap(bytes, byteCount) }
        if let sharedMemory { close(sharedMemory) }
    }

    /// `byteCount` bytes of private memory from `malloc`, 64-aligned, not initialised. Large blocks are the kernel's
    /// fresh pages or the heap's reused ones, as `mallopt` decides for the whole process (the viewer maps every block
    /// over 128 KB and returns it when freed, see GalleryApp/main.swift), so a picture costs what any allocation does.
    public static func allocate(byteCount: Int) throws(PixelBufferError) -> PixelStorage {
        guard byteCount > 0 else { throw .invalidSize("\(byteCount) bytes") }
        var memory: UnsafeMutableRawPointer?
        let status = posix_memalign(&memory, 64, byteCount)
        guard status == 0, let memory else { throw .outOfMemory(byteCount: byteCount, errno: status) }
        return PixelStorage(bytes: memory, byteCount: byteCount, sharedMemory: nil, isFromMalloc: true)
    }

    /// `byteCount` bytes in a new memfd, mapped shared: a decoder process writes its pixels here, and the viewer maps
    /// the same pages (`map(sharedMemory:byteCount:)`) without a copy.
    public static func allocateShared(byteCount: Int, name: String = "gallery-pixels") throws(PixelBufferError)
        -> PixelStorage
    {
        guard byteCount > 0 else { throw .invalidSize("\(byteCount) bytes") }
        let descriptor = gallery_memfd_create(name)
        guard descriptor >= 0 else { throw .sharedMemory(call: "memfd_create", errno: errno) }
        guard ftruncate(descriptor, off_t(byteCount)) == 0 else {
            let error = errno
            close(descriptor)
            throw .outOfMemory(byteCount: byteCount, errno: error)
        }
        let address = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0)
        guard let address, address != MAP_FAILED else {
            let error = errno
            close(descriptor)
            throw .outOfMemory(byteCount: byteCount, errno: error)
        }
        return PixelStorage(bytes: address, byteCount: byteCount, sharedMemory: descriptor)
    }

    /// Maps `byteCount` bytes of the memfd `descriptor` (another process's `allocateShared`), taking ownership of the
    /// descriptor. Refuses a file shorter than `byteCount`, which would fault on the first read past its end.
    ///
    /// The mapping is private and writable: the viewer reads the pixels in place, and a write (a premultiply, a
    /// crop) copies only the pages it touches, never into the sender's memory.
    public static func map(sharedMemory descriptor: Int32, byteCount: Int) throws(PixelBufferError) -> PixelStorage {
        var status = stat()
        guard byteCount > 0, fstat(descriptor, &status) == 0, Int(status.st_size) >= byteCount else {
            close(descriptor)
            throw .invalidSize("shared memory shorter than \(byteCount) bytes")
        }
        let address = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_PRIVATE, descriptor, 0)
        guard let address, address != MAP_FAILED else {
            let error = errno
            close(descriptor)
            throw .outOfMemory(byteCount: byteCount, errno: error)
        }
        return PixelStorage(bytes: address, byteCount: byteCount, sharedMemory: descriptor)
    }
}
