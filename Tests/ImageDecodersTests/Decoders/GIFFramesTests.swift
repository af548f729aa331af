import GalleryCoreTesting
import Glibc
import ImageLoader
import Imaging
import Testing

@testable import ImageDecoders

/// giflib's frames, composited here one at a time, against SDL_image's whole-file decode of the same GIFs, pixel for
/// pixel; and the memory a playing GIF holds, which does not grow with its frame count.
@Suite struct GIFFramesTests {
    /// Red, blue, green, yellow, white.
    static let palette: [(UInt8, UInt8, UInt8)] = [
        (255, 0, 0), (0, 0, 255), (0, 255, 0), (255, 255, 0), (255, 255, 255),
    ]

    /// Every case on a 24 × 20 screen: a first frame covering it (SDL_image sizes its frames by a first frame that
    /// covers less, browsers and `GIFFrames` by the screen), each disposal method (0 none, 1 keep, 2
    /// background, 3 previous), transparent indices, interlaced rows, a local palette, and frames running off the right
    /// and bottom edges.
    static let everyCase: [UInt8] = {
        let pattern = (0..<36).map { UInt8([0, 1, 3, 2][($0 / 6 + $0 % 6) % 4]) }
        let rows = (0..<35).map { UInt8(($0 / 5) % 5) }
        return GIFFixture.bytes(
            width: 24, height: 20, palette: palette,
            frames: [
                GIFFixture.Frame(width: 24, height: 20, fill: 4),
                GIFFixture.Frame(x: 2, y: 2, width: 10, height: 10, fill: 0),
                GIFFixture.Frame(x: 4, y: 4, width: 8, height: 8, fill: 1, disposal: 2),
                GIFFixture.Frame(
                    x: 0, y: 0, width: 6, height: 6, indices: pattern, disposal: 3, transparentIndex: 3),
                {
                    var frame = GIFFixture.Frame(x: 10, y: 5, width: 20, height: 10, fill: 2, disposal: 0)
                    frame.interlaced = true
                    return frame
                }(),
                {
                    var frame = GIFFixture.Frame(
                        x: 3, y: 3, width: 5, height: 7, indices: rows, disposal: 1, transparentIndex: 4)
                    frame.interlaced = true
                    frame.localPalette = [(10, 20, 30), (40, 50, 60), (70, 80, 90), (100, 110, 120), (1, 2, 3)]
                    return frame
                }(),
                GIFFixture.Frame(x: 20, y: 16, width: 10, height: 10, fill: 1, disposal: 3),
                GIFFixture.Frame(x: 1, y: 1, width: 4, height: 4, fill: 3),
                GIFFixture.Frame(x: 18, y: 2, width: 5, height: 4, fill: 1, disposal: 2),
                GIFFixture.Frame(x: 0, y: 14, width: 24, height: 6, fill: 0),
            ], loopCount: 0)
    }()

    /// Whether a pixel differs where SDL_image 2.6 departs from the GIF89a specification (and from browsers, and from
    /// `GIFFrames`): it fills the area of a frame disposed with method 2 (restore the background) with opaque black where
    /// the specification's background is transparent, and its method 3 (restore the previous) restores the canvas from
    /// before the previous frame's disposal. Nothing else may differ.
    static func sdlImageDeparts(frame index: Int, x: Int, y: Int, ours: UInt32, theirs: UInt32) -> Bool {
        // The third frame (blue, disposal 2) and the ninth (disposal 2) leave their areas clear.
        let cleared =
            (index >= 3 && PixelRect(x: 4, y: 4, width: 8, height: 8).contains(x, y))
            || (index == 9 && PixelRect(x: 18, y: 2, width: 5, height: 4).contains(x, y))
        if cleared, ours == 0, theirs == 0xFF00_0000 { return true }
        // The fourth frame (at 0, 0, 6 × 6, disposal 3) drawn over the third's cleared area: SDL_image brings back blue.
        let restored = index >= 4 && PixelRect(x: 4, y: 4, width: 2, height: 2).contains(x, y)
        return restored && ours == 0 && theirs == 0xFF00_00FF
    }

    /// The frames of `bytes` through `GIFFrames` at the screen's own size.
    static func frames(_ bytes: [UInt8], count: Int) throws -> [PixelBuffer] {
        try bytes.withUnsafeBytes { buffer in
            let source = try ImageDecoder().frameSource(.gif, buffer, fitting: PixelSize(width: 24, height: 20))
            return try (0..<count).map { try source.frame($0) }
        }
    }

    @Test("Every disposal method, transparency, interlace, local palettes and clipping match SDL_image's frames")
    func matchesSDLImage() throws {
        let sdl = try #require(try Self.everyCase.withUnsafeBytes { try ImageLoader.gifAnimation($0) })
        #expect(sdl.frames.count == 10)
        let ours = try Self.frames(Self.everyCase, count: sdl.frames.count)
        var departures = 0
        for (index, (mine, theirs)) in zip(ours, sdl.frames).enumerated() {
            try #require(mine.size == theirs.size)
            var differences: [String] = []
            for y in 0..<mine.height {
                for x in 0..<mine.width {
                    let a = mine.pixel(x: x, y: y)
                    let b = theirs.pixel(x: x, y: y)
                    // Transparent pixels are equal whatever colour they carry.
                    if a == b || a >> 24 == 0 && b >> 24 == 0 { continue }
                    if Self.sdlImageDeparts(frame: index, x: x, y: y, ours: a, theirs: b) {
                        departures += 1
                        continue
                    }
                    differences.append("(\(x), \(y)) \(a.hex) ≠ \(b.hex)")
                }
            }
            #expect(differences.isEmpty, "frame \(index): \(differences.prefix(6).joined(separator: ", "))")
        }
        #expect(departures > 0, "the fixture reaches SDL_image's departures")
    }

    @Test("Where SDL_image 2.6 departs from the GIF89a specification, these frames follow it (and browsers)")
    func departuresFromSDLImage() throws {
        let sdl = try #require(try Self.everyCase.withUnsafeBytes { try ImageLoader.gifAnimation($0) })
        let ours = try Self.frames(Self.everyCase, count: sdl.frames.count)
        // Disposal 2 leaves the area transparent; SDL_image fills it opaque black.
        #expect(ours[3].pixel(x: 11, y: 11) == 0 && sdl.frames[3].pixel(x: 11, y: 11) == 0xFF00_0000)
        // Disposal 3 restores the canvas as it was before the frame was drawn (after the previous frame's disposal);
        // SDL_image restores it from before the previous frame's disposal.
        #expect(ours[4].pixel(x: 4, y: 4) == 0 && sdl.frames[4].pixel(x: 4, y: 4) == 0xFF00_00FF)
    }

    @Test("Asking for an earlier frame plays again from the first: the same pixels the second time round")
    func loopsFromTheStart() throws {
        let once = try Self.frames(Self.everyCase, count: 10)
        let twice = try Self.everyCase.withUnsafeBytes { buffer in
            let source = try ImageDecoder().frameSource(.gif, buffer, fitting: PixelSize(width: 24, height: 20))
            return try ((0..<10).map { try source.frame($0) }, [4, 2, 8].map { try source.frame($0) })
        }
        for (index, frame) in zip([4, 2, 8], twice.1) {
            #expect(frame.pixel(x: 4, y: 4) == once[index].pixel(x: 4, y: 4))
            #expect(frame.pixel(x: 11, y: 8) == once[index].pixel(x: 11, y: 8))
        }
    }

    /// A 256 × 256 GIF of `count` full frames, each a different shift of one pattern.
    static func animation(frames count: Int) -> [UInt8] {
        let side = 256
        let palette: [(UInt8, UInt8, UInt8)] = (0..<16).map { UInt8($0 * 16) }.map { ($0, 255 - $0, 128) }
        return GIFFixture.bytes(
            width: side, height: side, palette: palette,
            frames: (0..<count).map { frame in
                GIFFixture.Frame(
                    width: side, height: side,
                    indices: (0..<(side * side)).map { UInt8((($0 % side + $0 / side + frame * 4) / 16) % 16) })
            })
    }

    /// Bytes the resident memory of a child process grew by at its peak while it played every frame of `bytes` once
    /// (in a forked child, whose peak starts from its own resident memory: other tests' memory does not count).
    static func peakGrowth(playing bytes: [UInt8], frames count: Int) throws -> Int {
        var pipe: [Int32] = [-1, -1]
        try #require(Glibc.pipe(&pipe) == 0)
        let child = fork()
        if child == 0 {
            close(pipe[0])
            // "5" resets the peak to the current resident memory (Linux 4.0 and later).
            let reset = open("/proc/self/clear_refs", O_WRONLY)
            if reset >= 0 {
                _ = write(reset, "5", 1)
                close(reset)
            }
            let start = statusKilobytes("VmRSS:")
            let played = bytes.withUnsafeBytes { buffer -> Bool in
                guard
                    let source = try? ImageDecoder().frameSource(
                        .gif, buffer, fitting: PixelSize(width: 256, height: 256))
                else { return false }
                return (0..<count).allSatisfy { (try? source.frame($0)) != nil }
            }
            var growth = played ? (statusKilobytes("VmHWM:") - start) * 1024 : -1
            _ = write(pipe[1], &growth, MemoryLayout<Int>.size)
            _exit(0)
        }
        close(pipe[1])
        var growth = -1
        _ = read(pipe[0], &growth, MemoryLayout<Int>.size)
        close(pipe[0])
        var status: Int32 = 0
        waitpid(child, &status, 0)
        return growth
    }

    /// A line of /proc/self/status in kilobytes, read without Foundation (in a forked child).
    static func statusKilobytes(_ key: String) -> Int {
        let file = open("/proc/self/status", O_RDONLY)
        guard file >= 0 else { return 0 }
        defer { close(file) }
        var bytes = [UInt8](repeating: 0, count: 8192)
        let count = read(file, &bytes, bytes.count)
        guard count > 0 else { return 0 }
        let text = String(decoding: bytes[0..<count], as: UTF8.self)
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(key) }) else { return 0 }
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    @Test("Playing 200 frames holds what playing 20 does: one canvas, not the frames")
    func constantMemory() throws {
        let short = Self.animation(frames: 20)
        let long = Self.animation(frames: 200)
        let shortGrowth = try Self.peakGrowth(playing: short, frames: 20)
        let longGrowth = try Self.peakGrowth(playing: long, frames: 200)
        try #require(shortGrowth >= 0 && longGrowth >= 0, "both played")
        // The file's own bytes are held (a copy giflib reads from); beyond them, 180 more frames of 256 KB would be
        // 45 MB: the difference must stay far below one tenth of that.
        let beyondFile = (longGrowth - long.count) - (shortGrowth - short.count)
        #expect(beyondFile < 4 << 20, "20 frames: \(shortGrowth >> 10) KB, 200: \(longGrowth >> 10) KB")
    }
}

extension PixelRect {
    /// Whether the pixel at (`x`, `y`) lies inside.
    fileprivate func contains(_ px: Int, _ py: Int) -> Bool { px >= x && px < x + width && py >= y && py < y + height }
}

extension UInt32 {
    /// 0xAARRGGBB as eight hex digits.
    fileprivate var hex: String {
        let digits = String(self, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }
}
