import Imaging
import Testing

@testable import ImageDecoders

@Suite struct JPEGDecoderTests {
    /// Plain CMYK (no Adobe marker) stores ink; Adobe's stores 255 − ink: both give the same red.
    @Test(arguments: [false, true])
    func cmykConversion(inverted: Bool) throws {
        let ink: [UInt8] = [0, 255, 255, 0]  // no cyan, full magenta and yellow, no black: red
        let stored = inverted ? ink.map { 255 - $0 } : ink
        let buffer = try PixelBuffer(width: 1, height: 1, format: .xrgb8888)
        JPEGDecoder.convertCMYK(stored, inverted: inverted, into: buffer)
        #expect(buffer.pixel(x: 0, y: 0) == 0xFFFF_0000)
    }
}
