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
    /// The memfd the pixels live in, when they are in shared memory (`allocateShared`, `map`, `mapShared`, `lent`):
    /// what goes to the other process. Closed with this object (lent memory: with its lender).
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
        // Pages not yet copied by a write still read the sender's file: were it cut short, they would fault.
        guard isSealedAgainstShrinking(descriptor) else {
            close(descriptor)
            throw .invalidSize("shared memory that may shrink (not sealed)")
        }
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

    /// Maps all of the memfd `descriptor` (another process's `allocateShared`, at least `byteCount` and at most
    /// `mostBytes` bytes long) shared, taking ownership of the descriptor, with every page mapped now
    /// (MADV_POPULATE_READ, Linux 5.14).
    ///
    /// Shared, not private: the mapping is kept and reused for the sender's later writes into the same file (a
    /// decoder's reply slot), which a private page, once copied by a write here, would no longer show.
    public static func mapShared(sharedMemory descriptor: Int32, byteCount: Int, mostBytes: Int)
        throws(PixelBufferError)
        -> PixelStorage
    {
        // The sender must not be able to make a page of the kept mapping fault under the viewer later.
        guard isSealedAgainstShrinking(descriptor) else {
            close(descriptor)
            throw .invalidSize("shared memory that may shrink (not sealed)")
        }
        var status = stat()
        guard byteCount > 0, fstat(descriptor, &status) == 0, Int(status.st_size) >= byteCount,
            Int(status.st_size) <= mostBytes
        else {
            close(descriptor)
            throw .invalidSize("shared memory of \(status.st_size) bytes, not \(byteCount)…\(mostBytes)")
        }
        let length = Int(status.st_size)
        let address = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0)
        guard let address, address != MAP_FAILED else {
            let error = errno
            close(descriptor)
            throw .outOfMemory(byteCount: length, errno: error)
        }
        _ = madvise(address, length, 22)
        return PixelStorage(bytes: address, byteCount: length, sharedMemory: descriptor)
    }

    /// Seals the memfd `descriptor` against shrinking (F_ADD_SEALS, F_SEAL_SHRINK) and says whether the seal holds: a
    /// sender that sealed its seals first (F_SEAL_SEAL) cannot be held to its size, and its memory is refused.
    private static func isSealedAgainstShrinking(_ descriptor: Int32) -> Bool {
        let addSeals: Int32 = 1033
        let getSeals: Int32 = 1034
        let sealShrink: Int32 = 2
        _ = fcntl(descriptor, addSeals, sealShrink)
        let seals = fcntl(descriptor, getSeals)
        return seals >= 0 && seals & sealShrink != 0
    }
}
