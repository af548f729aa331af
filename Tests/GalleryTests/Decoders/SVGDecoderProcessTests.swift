import DecoderProcess
import Foundation
import GalleryCore
import GalleryCoreTesting
import Support
import Testing

@testable import Gallery
@testable import ImageDecoders
@testable import Imaging

extension SDLSerializedTests {
    /// SVG decoded by librsvg in a sandboxed decoder process: text in the fonts it mapped before the sandbox, the
    /// sandbox whole after librsvg, fontconfig and pango were loaded.
    @Suite struct SVGDecoderProcessTests {
        init() throws {
            _ = try SDLTestSession.start()
        }

        /// How many pixels of rows `rows` differ between `a` and `b` by more than `tolerance` in any channel.
        static func differing(_ a: PixelBuffer, _ b: PixelBuffer, rows: Range<Int>, tolerance: Int = 8) -> Int {
            rows.reduce(0) { count, y in
                count
                    + (0..<min(a.width, b.width)).filter { x in
                        let (p, q) = (a.rgba(x: x, y: y), b.rgba(x: x, y: y))
                        return abs(Int(p.r) - Int(q.r)) > tolerance || abs(Int(p.g) - Int(q.g)) > tolerance
                            || abs(Int(p.b) - Int(q.b)) > tolerance
                    }.count
            }
        }

        @Test("Text in the generic families draws in the sandbox as it does outside it, and the sandbox stays whole")
        func textDrawsInTheSandboxAndEveryLayerStaysOn() throws {
            let folder = try TemporaryDirectory()
            let path = try folder.write(SVGFixture.text, to: "text.svg")
            let pool = DecoderPoolTests.pool()
            defer { pool.shutdown() }
            let box = PixelSize(width: 400, height: 200)
            let request = DecodeRequest(photo: PhotoID(0), source: .file(path: path), box: box, generation: 0)
            let sandboxed = try ProcessDecoding.decode(request, pool: pool).pixels
            let inline = try ImageDecoder().decode(.file(path: path), fitting: box).pixels
            #expect(sandboxed.size == PixelSize(width: 400, height: 200))
            // "Sans" (rows 10 to 50), the default family (60 to 100) and "Serif" (110 to 150): glyphs, not the empty
            // boxes pango draws when cairo cannot open a font. Without `access` answered for the fonts kept mapped:
            // 1 201 and 1 280 pixels of the sans and serif lines differed (with the default family's font not kept,
            // its line drew as boxes).
            for rows in [10..<50, 60..<100, 110..<150] {
                #expect(Self.differing(sandboxed, inline, rows: rows) == 0, "rows \(rows)")
            }
            let dark = (10..<50).reduce(0) { count, y in
                count + (0..<400).filter { sandboxed.rgba(x: $0, y: y).r < 100 }.count
            }
            #expect(dark > 300)

            let status = try pool.ask(DecoderPoolTests.probe(.status)).get()
            let pid = try #require(Int32(status.reply.texts.last ?? ""))
            #expect(try DecoderPoolTests.proc(pid, "status", "Seccomp:") == ["Seccomp:\t2"])
            #expect(try DecoderPoolTests.proc(pid, "status", "Threads:") == ["Threads:\t1"])
            #expect(status.reply.texts.first?.contains("Landlock: on") == true)
            for kind in [DecoderRequest.Kind.probeOpenFile, .probeSocket] {
                #expect(try pool.ask(DecoderPoolTests.probe(kind)).get().reply.texts == ["errno \(EACCES)"])
            }
        }
    }
}
