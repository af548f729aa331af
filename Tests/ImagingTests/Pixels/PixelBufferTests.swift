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

    @Test("shared pixels reach a second mapping of the memfd without a copy, and its writes stay private")
    func sharedMemoryRoundTrip() throws {
        let sent = try PixelBuffer(width: 40, height: 30, format: .xrgb8888, shared: true)
        sent.row(29).storeBytes(of: 0xFF12_3456, toByteOffset: 39 * 4, as: UInt32.self)
        let descriptor = try #require(sent.storage.sharedMemory)
        let received = try PixelBuffer(
            width: 40, height: 30, stride: sent.stride, format: .xrgb8888,
            storage: PixelStorage.map(sharedMemory: dup(descriptor), byteCount: sent.byteCount))
        #expect(received.pixel(x: 39, y: 29) == 0xFF12_3456)
        received.row(0).storeBytes(of: 0xFFFF_FFFF, as: UInt32.self)
        #expect(sent.pixel(x: 0, y: 0) == 0)
    }

    @Test("mapping refuses a memfd shorter than the pixels it claims")
    func refusesShortSharedMemory() throws {
        let small = try PixelStorage.allocateShared(byteCount: 4096)
        #expect(throws: PixelBufferError.self) {
            try PixelStorage.map(sharedMemory: dup(small.sharedMemory!), byteCount: 8192)
        }
    }

    @Test("a buffer over storage too small for its rows is refused")
    func refusesStorageTooSmall() throws {
        let storage = try PixelStorage.allocate(byteCount: 100)
        #expect(throws: PixelBufferError.self) {
            try PixelBuffer(width: 10, height: 10, stride: 40, format: .argb8888, storage: storage)
        }
    }
}
