import Glibc
import Imaging
import Testing

@Suite("PixelBuffer")
struct PixelBufferTests {
    @Test("rows are 64-byte aligned and hold what was written", arguments: [1, 15, 16, 17, 1280])
    func rowsHoldPixels(width: Int) throws {
        let buffer = try PixelBuffer(width: width, height: 3, format: .argb8888)
        #expect(buffer.stride % 64 == 0)
        #expect(buffer.stride >= width * 4)
        for y in 0..<3 {
            buffer.row(y).storeBytes(of: UInt32(0xFF00_0000 | y), toByteOffset: (width - 1) * 4, as: UInt32.self)
        }
        for y in 0..<3 { #expect(buffer.pixel(x: width - 1, y: y) == UInt32(0xFF00_0000 | y)) }
    }

    @Test("a buffer refuses sizes that are empty or overflow", arguments: [(0, 1), (1, 0), (-3, 4), (Int.max / 2, 4)])
    func refusesAbsurdSizes(width: Int, height: Int) {
        #expect(throws: PixelBufferError.self) { try PixelBuffer(width: width, height: height, format: .xrgb8888) }
    }

    @Test("reply memory a decoder maps reaches the viewer's mapping without a copy, and the decoder cannot resize it")
    func replyMemoryRoundTrip() throws {
        let viewer = try PixelStorage.replyMemory(byteCount: 40 * 4 * 30)
        let descriptor = try #require(viewer.sharedMemory)
        let decoder = try PixelStorage.mapWritable(sharedMemory: dup(descriptor), byteCount: 40 * 4 * 30)
        decoder.bytes.storeBytes(of: 0xFF12_3456, toByteOffset: 40 * 4 * 29 + 39 * 4, as: UInt32.self)
        let received = try PixelBuffer(width: 40, height: 30, stride: 160, format: .xrgb8888, storage: viewer)
        #expect(received.pixel(x: 39, y: 29) == 0xFF12_3456)
        // Sealed at its size: cut short, the viewer's mapping would fault (SIGBUS); grown, it would be memory the
        // decoder's limit does not count.
        #expect(ftruncate(descriptor, 0) == -1 && errno == EPERM)
        #expect(ftruncate(descriptor, 1 << 30) == -1 && errno == EPERM)
        var byte: UInt8 = 1
        #expect(pwrite(descriptor, &byte, 1, 1 << 30) == -1 && errno == EPERM)
    }

    @Test("mapping refuses a memfd shorter than the bytes asked")
    func refusesShortSharedMemory() throws {
        let small = try PixelStorage.replyMemory(byteCount: 4096)
        let copy = dup(small.sharedMemory!)
        defer { close(copy) }
        #expect(throws: PixelBufferError.self) { try PixelStorage.mapWritable(sharedMemory: copy, byteCount: 8192) }
    }

    @Test("a buffer over storage too small for its rows is refused")
    func refusesStorageTooSmall() throws {
        let storage = try PixelStorage.allocate(byteCount: 100)
        #expect(throws: PixelBufferError.self) {
            try PixelBuffer(width: 10, height: 10, stride: 40, format: .argb8888, storage: storage)
        }
    }
}
