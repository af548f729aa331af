extension ViewportSize: CustomStringConvertible {
    /// The size as `--size` takes it, e.g. "1280x720".
    public var description: String { "\(width)x\(height)" }
}
