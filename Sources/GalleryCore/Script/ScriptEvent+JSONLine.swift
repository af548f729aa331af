import Support

extension ScriptEvent {
    /// The event as one script line, e.g. `{"t":0.05,"type":"move","x":600,"y":360}`; `Script.parse` reads it back.
    public var jsonLine: String {
        var writer = JSONObjectWriter()
        writer.add("t", exactNumber: t, maximumPlaces: 6)
        writer.add("type", string: command.typeName)
        switch command {
        case .down(let x, let y), .move(let x, let y), .up(let x, let y):
            writer.add("x", exactNumber: x, maximumPlaces: 6)
            writer.add("y", exactNumber: y, maximumPlaces: 6)
        case .key(let name, let isRepeat):
            writer.add("key", string: name)
            if isRepeat { writer.add("repeat", literal: "true") }
        case .wheel(let dx, let dy):
            writer.add("dx", exactNumber: dx, maximumPlaces: 6)
            writer.add("dy", exactNumber: dy, maximumPlaces: 6)
        case .zoom(let scale, let x, let y):
            writer.add("scale", exactNumber: scale, maximumPlaces: 6)
            writer.add("x", exactNumber: x, maximumPlaces: 6)
            writer.add("y", exactNumber: y, maximumPlaces: 6)
        case .touchpad(let gesture):
            Self.write(gesture, to: &writer)
        case .resize(let width, let height):
            writer.add("w", integer: width)
            writer.add("h", integer: height)
        case .shot(let path):
            writer.add("path", string: path)
        case .quit:
            break
        }
        return writer.finished
    }

    /// Reads one non-blank, non-comment script line; `lineNumber` goes into any error.
    static func parse(jsonLine line: Substring, lineNumber: Int) throws(ScriptError) -> ScriptEvent {
        func failure(_ problem: ScriptError.Problem) -> ScriptError {
            ScriptError(line: lineNumber, problem: problem)
        }
        let fields: ScriptLineFields
        do {
            fields = try JSONLineDecoder.decode(ScriptLineFields.self, from: line)
        } catch {
            throw failure(problem(for: error))
        }
        guard fields.t >= 0 else { throw failure(.negativeTime(fields.t)) }
        if let problem = ScriptLimits.problem(field: "t", value: fields.t, range: ScriptLimits.time, unit: "seconds") {
            throw failure(problem)
        }
        guard let command = fields.command else { throw failure(.unknownType(fields.type)) }
        switch command {
        case .zoom(let scale, _, _) where !(scale > 0 && scale.isFinite):
            throw failure(.invalidValue(field: "scale", reason: "must be a positive number (1 is fit)"))
        case .down(let x, let y), .move(let x, let y), .up(let x, let y), .zoom(_, let x, let y):
            for (field, value) in [("x", x), ("y", y)] {
                if let problem = ScriptLimits.problem(
                    field: field, value: value, range: ScriptLimits.coordinate, unit: "pixels")
                {
                    throw failure(problem)
                }
            }
        case .wheel(let dx, let dy):
            for (field, value) in [("dx", dx), ("dy", dy)] {
                if let problem = ScriptLimits.problem(
                    field: field, value: value, range: ScriptLimits.wheelDelta, unit: "notches")
                {
                    throw failure(problem)
                }
            }
        case .touchpad(let gesture):
            if let problem = Self.problem(in: gesture) { throw failure(problem) }
        case .key(let name, _) where name.isEmpty:
            throw failure(.invalidValue(field: "key", reason: "must name a key"))
        case .resize(let width, let height):
            let range = ViewportSize.dimensionRange
            for (field, value) in [("w", width), ("h", height)] where !range.contains(value) {
                throw failure(
                    .invalidValue(
                        field: field,
                        reason: "must be between \(range.lowerBound) and \(range.upperBound) pixels, found \(value)"
                    ))
            }
        case .shot(let path):
            if let reason = shotPathProblem(path) { throw failure(.invalidValue(field: "path", reason: reason)) }
        case .key, .quit:
            break
        }
        return ScriptEvent(t: fields.t, command: command)
    }

    /// A touchpad gesture's fields on a script line: `gesture`, and `x`, `y`, `dx`, `dy`, `scale`, `cancelled` as it
    /// has them.
    private static func write(_ gesture: TouchpadGesture, to writer: inout JSONObjectWriter) {
        switch gesture {
        case .hold: writer.add("gesture", string: "hold")
        case .holdEnd(let cancelled):
            writer.add("gesture", string: "hold-end")
            if cancelled { writer.add("cancelled", literal: "true") }
        case .scroll(let dx, let dy):
            writer.add("gesture", string: "scroll")
            writer.add("dx", exactNumber: dx, maximumPlaces: 6)
            writer.add("dy", exactNumber: dy, maximumPlaces: 6)
        case .lift: writer.add("gesture", string: "lift")
        case .pinchBegin(let x, let y):
            writer.add("gesture", string: "pinch-begin")
            writer.add("x", exactNumber: x, maximumPlaces: 6)
            writer.add("y", exactNumber: y, maximumPlaces: 6)
        case .pinch(let scale, let dx, let dy):
            writer.add("gesture", string: "pinch")
            writer.add("scale", exactNumber: scale, maximumPlaces: 6)
            writer.add("dx", exactNumber: dx, maximumPlaces: 6)
            writer.add("dy", exactNumber: dy, maximumPlaces: 6)
        case .pinchEnd: writer.add("gesture", string: "pinch-end")
        }
    }

    /// What is wrong with a touchpad gesture's numbers, if anything: positions and movements within the script's
    /// coordinates, a spread positive and at most `ScriptLimits.pinchSpread`.
    private static func problem(in gesture: TouchpadGesture) -> ScriptError.Problem? {
        let pixels: [(String, Double)] =
            switch gesture {
            case .scroll(let dx, let dy), .pinch(_, let dx, let dy): [("dx", dx), ("dy", dy)]
            case .pinchBegin(let x, let y): [("x", x), ("y", y)]
            case .hold, .holdEnd, .lift, .pinchEnd: []
            }
        for (field, value) in pixels {
            if let problem = ScriptLimits.problem(
                field: field, value: value, range: ScriptLimits.coordinate, unit: "pixels")
            {
                return problem
            }
        }
        if case .pinch(let scale, _, _) = gesture {
            return ScriptLimits.problem(field: "scale", value: scale, range: ScriptLimits.pinchSpread, unit: "times")
        }
        return nil
    }

    /// The script problem for a line that did not decode, case for case.
    private static func problem(for error: JSONLineError) -> ScriptError.Problem {
        switch error {
        case .notJSON: .badJSON(error.description)
        case .notAnObject(let found): .notAnObject(found: found)
        case .missingField(let field): .missingField(field)
        case .wrongType(let field, let expected, let found): .wrongType(field: field, expected: expected, found: found)
        case .invalidValue(let field, let reason): .invalidValue(field: field, reason: reason)
        }
    }

    /// Why a shot path is refused: shots land inside `--shots`, so they may not climb out of it or overwrite photos.
    private static func shotPathProblem(_ path: String) -> String? {
        if path.isEmpty { return "must name a file" }
        if path.hasPrefix("/") { return "must be relative to the --shots folder, found \"\(path)\"" }
        if path.split(separator: "/").contains("..") { return "may not contain \"..\", found \"\(path)\"" }
        if !path.lowercased().hasSuffix(".png") { return "must end in .png (shots are PNG files), found \"\(path)\"" }
        return nil
    }
}
