/// How long one decode may take, from the pixel count its file's header states: a hostile file whose decode work is
/// out of all proportion to the picture it promises (a HEIF grid of thousands of tiles sharing one data extent for a
/// 1000 × 1000 picture) is stopped within about a second, while a real 48 MP photo keeps ten.
public enum DecodeDeadline {
    /// Seconds any decode may take, however small its picture: process start-up and a slow disk fit well within it.
    public static let floorSeconds = 1.0
    /// Stated pixels a decode is allowed per second beyond the floor. The slowest real format here decodes about
    /// 12 MP a second (a 12 MP HEIC in 965 ms on the 2-core reference machine, `gallery-bench formats`); 5 MP a
    /// second leaves room for two decoders sharing the cores.
    public static let pixelsPerSecond = 5_000_000.0
    /// The longest any decode may take.
    public static let ceilingSeconds = 30.0

    /// The deadline for a file whose header states `pixels` (nil: unknown, which gets `unknownSeconds`).
    public static func seconds(statedPixels pixels: Int?) -> Double {
        guard let pixels, pixels > 0 else { return unknownSeconds }
        return min(floorSeconds + Double(pixels) / pixelsPerSecond, ceilingSeconds)
    }

    /// Pixels a second a PNG is encoded at, at the least (`PNGEncoder`: filtered and deflated at zlib's fastest level
    /// for a picture as large as a copy's). Measured on the 2-core machine, from Ctrl+C to the last byte pasted: a
    /// 6000 × 4000 JPEG in 1.5 s, 8192 × 5461 in 4.9 s, 3000 × 2000 of noise in 0.65 s.
    public static let encodedPixelsPerSecond = 2_000_000.0

    /// The seconds added for encoding `pixels` as PNG after their decode (Ctrl+C's picture, a thumbnail's PNG).
    public static func encodingSeconds(pixels: Int) -> Double {
        Double(max(pixels, 0)) / encodedPixelsPerSecond
    }

    /// The deadline when the header states no size the viewer could read.
    public static let unknownSeconds = 10.0
}
