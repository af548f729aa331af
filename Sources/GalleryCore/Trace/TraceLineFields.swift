import PagerEngine
import Support

/// One trace line as `JSONDecoder` reads it. The fields up to `frame_ms` are required, later ones default as in
/// `TraceRecord.init`, unknown ones are ignored, and `null` numbers (written for NaN or infinity) read as NaN.
struct TraceLineFields: Decodable {
    /// The trace fields `JSONDecoder` reads, named as in the file.
    enum Field: String, JSONLineField {
        case t, mode, page, position, phase, slots, textures
        case textureBytes = "texture_bytes"
        case decodedBytes = "decoded_bytes"
        case frameMilliseconds = "frame_ms"
        case pages, velocity
        case offsetPixels = "offset_px"
        case decoded, pending, events
        case uploads, zoom
        case panX = "pan_x"
        case panY = "pan_y"
        case feedState = "feed_state"
        case row
        case animationFrame = "animation_frame"
        case animationShown = "animation_shown"

        var expectedValue: String {
            switch self {
            case .t, .position, .frameMilliseconds, .velocity, .offsetPixels, .zoom, .panX, .panY: "a number or null"
            case .page, .textures, .textureBytes, .decodedBytes, .pages, .decoded, .pending, .row, .uploads,
                .animationFrame, .animationShown:
                "a whole number"
            case .mode, .phase, .feedState: "a string"
            case .slots: "an array of whole numbers"
            case .events: "an array of strings"
            }
        }
    }

    /// The record the line holds.
    let record: TraceRecord

    init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: Field.self)
        // The mode comes first so that a line of another format says so rather than which field it lacks.
        let modeName = try fields.decode(String.self, forKey: .mode)
        guard let mode = GalleryMode(rawValue: modeName) else {
            let known = GalleryMode.allCases.map(\.rawValue).joined(separator: ", ")
            throw DecodingError.dataCorruptedError(
                forKey: .mode, in: fields, debugDescription: "must be one of \(known); found \"\(modeName)\""
            )
        }
        func extra<Value>(_ field: Field, _ read: (Field) throws -> Value, default defaultValue: Value) throws -> Value
        {
            fields.contains(field) ? try read(field) : defaultValue
        }
        record = TraceRecord(
            t: try fields.decodeNumberOrNaN(forKey: .t),
            mode: mode,
            page: try fields.decodeWholeNumber(forKey: .page),
            position: try fields.decodeNumberOrNaN(forKey: .position),
            phase: try fields.decode(String.self, forKey: .phase),
            slots: try fields.decodeWholeNumbers(forKey: .slots),
            textures: try fields.decodeWholeNumber(forKey: .textures),
            textureBytes: try fields.decodeWholeNumber(forKey: .textureBytes),
            decodedBytes: try extra(.decodedBytes, fields.decodeWholeNumber, default: 0),
            frameMilliseconds: try fields.decodeNumberOrNaN(forKey: .frameMilliseconds),
            pages: try extra(.pages, fields.decodeWholeNumber, default: 0),
            velocity: try extra(.velocity, fields.decodeNumberOrNaN, default: 0),
            offsetPixels: try extra(.offsetPixels, fields.decodeNumberOrNaN, default: 0),
            decoded: try extra(.decoded, fields.decodeWholeNumber, default: 0),
            pending: try extra(.pending, fields.decodeWholeNumber, default: 0),
            events: try extra(.events, { try fields.decode([String].self, forKey: $0) }, default: []),
            uploads: try extra(.uploads, fields.decodeWholeNumber, default: 0),
            zoom: try extra(.zoom, fields.decodeNumberOrNaN, default: 1),
            panX: try extra(.panX, fields.decodeNumberOrNaN, default: 0),
            panY: try extra(.panY, fields.decodeNumberOrNaN, default: 0),
            feedState: try extra(.feedState, { try fields.decode(String.self, forKey: $0) }, default: nil),
            row: try extra(.row, { try fields.decodeWholeNumber(forKey: $0) }, default: nil),
            animationFrame: try extra(.animationFrame, { try fields.decodeWholeNumber(forKey: $0) }, default: nil),
            animationShown: try extra(.animationShown, { try fields.decodeWholeNumber(forKey: $0) }, default: nil)
        )
    }
}
