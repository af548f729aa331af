import PagerEngine
import Support

extension TraceRecord {
    /// Decimals written for `t` and `position`: a microsecond and a millionth of a page.
    public static let fineDecimals = 6
    /// Decimals written for `velocity`, `offset_px` and `frame_ms`.
    public static let coarseDecimals = 3

    /// The record as one trace line without the newline, keys in the fixed order of docs/FORMATS.md.
    public var jsonLine: String {
        var writer = JSONObjectWriter()
        writer.add("t", number: t, places: Self.fineDecimals)
        writer.add("mode", string: mode.rawValue)
        writer.add("page", integer: page)
        writer.add("position", number: position, places: Self.fineDecimals)
        writer.add("phase", string: phase)
        writer.add("slots", integers: slots)
        writer.add("textures", integer: textures)
        writer.add("texture_bytes", integer: textureBytes)
        writer.add("decoded_bytes", integer: decodedBytes)
        writer.add("frame_ms", number: frameMilliseconds, places: Self.coarseDecimals)
        writer.add("pages", integer: pages)
        writer.add("velocity", number: velocity, places: Self.coarseDecimals)
        writer.add("offset_px", number: offsetPixels, places: Self.coarseDecimals)
        writer.add("decoded", integer: decoded)
        writer.add("pending", integer: pending)
        writer.add("events", strings: events)
        writer.add("uploads", integer: uploads)
        writer.add("zoom", number: zoom, places: Self.fineDecimals)
        writer.add("pan_x", number: panX, places: Self.coarseDecimals)
        writer.add("pan_y", number: panY, places: Self.coarseDecimals)
        if let feedState { writer.add("feed_state", string: feedState) }
        if let row { writer.add("row", integer: row) }
        if let animationFrame { writer.add("animation_frame", integer: animationFrame) }
        if let animationShown { writer.add("animation_shown", integer: animationShown) }
        return writer.finished
    }

    /// Reads one trace line. The fields up to `frame_ms` (but `decoded_bytes`) are required; later ones default as in `init`,
    /// unknown ones are ignored, and `null` numbers (written for NaN or infinity) read as NaN.
    public static func parse(line: some StringProtocol) throws(TraceError) -> TraceRecord {
        do {
            return try JSONLineDecoder.decode(TraceLineFields.self, from: line).record
        } catch {
            throw .malformedLine(line: nil, reason: error.description)
        }
    }
}
