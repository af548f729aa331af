import Support

/// One script line as `JSONDecoder` reads it: `t`, `type`, and only the fields that `type` needs, so other
/// fields are ignored whatever they hold. Values are checked by `ScriptEvent.parse(jsonLine:lineNumber:)`.
struct ScriptLineFields: Decodable {
    /// The script fields `JSONDecoder` reads.
    enum Field: String, JSONLineField {
        case t, type, x, y, key, dx, dy, w, h, path, scale, gesture, cancelled
        case isRepeat = "repeat"

        var expectedValue: String {
            switch self {
            case .t, .x, .y, .dx, .dy, .scale: "a number"
            case .w, .h: "a whole number"
            case .type, .key, .path, .gesture: "a string"
            case .isRepeat, .cancelled: "true or false"
            }
        }
    }

    /// Seconds from the start.
    let t: Double
    /// The command's name.
    let type: String
    /// The command, or `nil` when `type` names none.
    let command: ScriptCommand?

    init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: Field.self)
        t = try fields.decode(Double.self, forKey: .t)
        type = try fields.decode(String.self, forKey: .type)
        func number(_ field: Field) throws -> Double { try fields.decode(Double.self, forKey: field) }
        command =
            switch type {
            case "down": .down(x: try number(.x), y: try number(.y))
            case "move": .move(x: try number(.x), y: try number(.y))
            case "up": .up(x: try number(.x), y: try number(.y))
            case "key":
                .key(
                    try fields.decode(String.self, forKey: .key),
                    isRepeat: try fields.decodeIfPresent(Bool.self, forKey: .isRepeat) ?? false)
            case "wheel": .wheel(dx: try number(.dx), dy: try number(.dy))
            case "zoom": .zoom(scale: try number(.scale), x: try number(.x), y: try number(.y))
            case "touchpad":
                .touchpad(try Self.touchpad(try fields.decode(String.self, forKey: .gesture), fields: fields))
            case "resize":
                .resize(
                    width: try fields.decodeWholeNumber(forKey: .w), height: try fields.decodeWholeNumber(forKey: .h))
            case "shot": .shot(path: try fields.decode(String.self, forKey: .path))
            case "quit": .quit
            default: nil
            }
    }

    /// The gesture a `touchpad` line names, with its fields; a name that is none is a `gesture` error.
    private static func touchpad(_ name: String, fields: KeyedDecodingContainer<Field>) throws -> TouchpadGesture {
        func number(_ field: Field) throws -> Double { try fields.decode(Double.self, forKey: field) }
        switch name {
        case "hold": return .hold
        case "hold-end":
            return .holdEnd(cancelled: try fields.decodeIfPresent(Bool.self, forKey: .cancelled) ?? false)
        case "scroll": return .scroll(dx: try number(.dx), dy: try number(.dy))
        case "lift": return .lift
        case "pinch-begin": return .pinchBegin(x: try number(.x), y: try number(.y))
        case "pinch": return .pinch(scale: try number(.scale), dx: try number(.dx), dy: try number(.dy))
        case "pinch-end": return .pinchEnd
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .gesture, in: fields, debugDescription: "must be one of \(gestureNames), found \"\(name)\"")
        }
    }

    /// The `gesture` names of a `touchpad` line, in documentation order.
    static let gestureNames = "hold, hold-end, scroll, lift, pinch-begin, pinch, pinch-end"
}
