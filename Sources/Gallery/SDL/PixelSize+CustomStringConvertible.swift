extension PixelSize: CustomStringConvertible {
    /// `width×height`, e.g. `1280×720`.
    public var description: String { "\(width)×\(height)" }
}
