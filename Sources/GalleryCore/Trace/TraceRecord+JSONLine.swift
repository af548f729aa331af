import PagerEngine

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
        writer.add("frame_ms", number: frameMilliseconds, places: Self.coarseDecimals)
        writer.add("pages", integer: pages)
        writer.add("velocity", number: velocity, places: Self.coarseDecimals)
        writer.add("offset_px", number: offsetPixels, places: Self.coarseDecimals)
        writer.add("decoded", integer: decoded)
        writer.add("pending", integer: pending)
        writer.add("events", strings: events)
        return writer.finished
    }

    /// Reads one trace line. The fields up to `frame_ms` are required; later ones default as in `init`,
    /// unknown ones are ignored, and `null` numbers (written for NaN or infinity) read as NaN.
    public static func parse(line: some StringProtocol) throws(TraceError) -> TraceRecord {
        let value: JSONValue
        do {
            value = try JSONParser.parse(Substring(line))
        } catch {
            throw .malformedLine(line: nil, reason: error.description)
        }
        guard case .object(let members) = value else {
            throw .malformedLine(line: nil, reason: "expected a JSON object, found \(value.kindDescription)")
        }
        let fields = JSONFields(members)
        func read<Value>(
            _ access: (String) throws(JSONFieldError) -> Value,
            _ field: String
        ) throws(TraceError) -> Value {
            do {
                return try access(field)
            } catch {
                throw .malformedLine(line: nil, reason: error.description)
            }
        }
        func readExtra<Value>(
            _ access: (String) throws(JSONFieldError) -> Value,
            _ field: String,
            default defaultValue: Value
        ) throws(TraceError) -> Value {
            fields.contains(field) ? try read(access, field) : defaultValue
        }

        let modeName = try read(fields.string, "mode")
        guard let mode = TopologyKind(rawValue: modeName) else {
            let known = TopologyKind.allCases.map(\.rawValue).joined(separator: ", ")
            throw .malformedLine(line: nil, reason: "unknown mode \"\(modeName)\" (expected one of: \(known))")
        }
        return TraceRecord(
            t: try read(fields.numberOrNaN, "t"),
            mode: mode,
            page: try read(fields.integer, "page"),
            position: try read(fields.numberOrNaN, "position"),
            phase: try read(fields.string, "phase"),
            slots: try read(fields.integers, "slots"),
            textures: try read(fields.integer, "textures"),
            textureBytes: try read(fields.integer, "texture_bytes"),
            frameMilliseconds: try read(fields.numberOrNaN, "frame_ms"),
            pages: try readExtra(fields.integer, "pages", default: 0),
            velocity: try readExtra(fields.numberOrNaN, "velocity", default: 0),
            offsetPixels: try readExtra(fields.numberOrNaN, "offset_px", default: 0),
            decoded: try readExtra(fields.integer, "decoded", default: 0),
            pending: try readExtra(fields.integer, "pending", default: 0),
            events: try readExtra(fields.strings, "events", default: [])
        )
    }
}
