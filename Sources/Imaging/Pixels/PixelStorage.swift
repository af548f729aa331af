import CLinux
import Glibc

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
    /// The memfd the pixels live in, when they are in shared memory (`allocateShared`, `replyMemory`, `mapWritable`,
    /// `lent`): what goes to the other process. Closed with this object (lent memory: with its lender).
    public let sharedMemory: Int32?

    /// Whether the memory came from `malloc` (freed) rather than `mmap` (unmapped).
    private let isFromMalloc: Bool
    /// The storage this one's bytes are lent from (`lent(from:byteCount:release:)`), kept mapped while they are in use.
    private let lender: PixelStorage?
    /// Called when lent bytes are let go of, instead of freeing anything.
    private let release: (@Sendable () -> Void)?

    private init(
        bytes: UnsafeMutableRawPointer, byteCount: Int, sharedMemory: Int32?, isFromMalloc: Bool = false,
        lender: PixelStorage? = nil, release: (@Sendable () -> Void)? = nil
    ) {
        self.bytes = bytes
        self.byteCount = byteCount
        self.sharedMemory = sharedMemory
        self.isFromMalloc = isFromMalloc
        self.lender = lender
        self.release = release
    }

    deinit {
        if lender != nil {
            release?()
            return
        }
        if isFromMalloc { free(bytes) } else { munmap(bytes, byteCount) }
        if let sharedMemory { close(sharedMemory) }
    }

    /// The first `byteCount` bytes of `storage`, lent: `release` is called once they are let go of, and `storage`
    /// stays mapped until then. A viewer's mapping of a decoder's reply slot is lent to one picture at a time this
    /// way, so the slot is mapped once, not per photo. Names the lender's descriptor, which the lender closes.
    public static func lent(
        from storage: PixelStorage, byteCount: Int, release: @escaping @Sendable () -> Void
    ) throws(PixelBufferError) -> PixelStorage {
        guard byteCount > 0, byteCount <= storage.byteCount else {
            throw .invalidSize("\(byteCount) of \(storage.byteCount) bytes lent")
        }
        return PixelStorage(
            bytes: storage.bytes, byteCount: byteCount, sharedMemory: storage.sharedMemory, lender: storage,
            release: release)
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

    /// `byteCount` bytes in a new memfd, mapped shared: the viewer's output profile for its decoders, and a shared
    /// buffer outside a decoder process (whose seccomp filter refuses `memfd_create`: its shared memory is the
    /// viewer's, `replyMemory`).
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

    /// `byteCount` bytes in a new memfd the viewer makes for a decoder process to write a reply into, mapped shared
    /// here (no page touched) and sealed at that size (`F_SEAL_SHRINK`, `F_SEAL_GROW`, `F_SEAL_SEAL`): the decoder can
    /// neither cut it short under the viewer's mapping nor grow it, and it makes no shared memory of its own, which
    /// its address-space limit would not count.
    public static func replyMemory(byteCount: Int) throws(PixelBufferError) -> PixelStorage {
        guard byteCount > 0 else { throw .invalidSize("\(byteCount) bytes") }
        let descriptor = gallery_memfd_create("gallery-reply")
        guard descriptor >= 0 else { throw .sharedMemory(call: "memfd_create", errno: errno) }
        let addSeals: Int32 = 1033
        let shrinkGrowSeal: Int32 = 2 | 4 | 1
        guard ftruncate(descriptor, off_t(byteCount)) == 0, fcntl(descriptor, addSeals, shrinkGrowSeal) == 0 else {
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

    /// The first `byteCount` bytes of the memfd `descriptor` (the viewer's `replyMemory`), mapped shared and writable
    /// in a decoder process, taking ownership of the descriptor when it succeeds; refused when the file is shorter.
    public static func mapWritable(sharedMemory descriptor: Int32, byteCount: Int) throws(PixelBufferError)
        -> PixelStorage
    {
        let length = lseek(descriptor, 0, SEEK_END)
        guard byteCount > 0, length >= byteCount else {
            throw .invalidSize("reply memory of \(length) bytes, not \(byteCount)")
        }
        let address = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0)
        guard let address, address != MAP_FAILED else {
            throw .outOfMemory(byteCount: byteCount, errno: errno)
        }
        return PixelStorage(bytes: address, byteCount: byteCount, sharedMemory: descriptor)
    }

    /// The size of the memfd `descriptor` in bytes (0 when it cannot be told).
    public static func sharedMemoryByteCount(_ descriptor: Int32) -> Int {
        max(Int(lseek(descriptor, 0, SEEK_END)), 0)
    }
}
