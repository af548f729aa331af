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

    /// The deadline when the header states no size the viewer could read.
    public static let unknownSeconds = 10.0
}
