extension ScriptEvent {
    /// The event as one script line, e.g. `{"t":0.05,"type":"move","x":600,"y":360}`; `Script.parse` reads it back.
    public var jsonLine: String {
        var writer = JSONObjectWriter()
        writer.add("t", shortNumber: t, maximumPlaces: 6)
        writer.add("type", string: command.typeName)
        switch command {
        case .down(let x, let y), .move(let x, let y), .up(let x, let y):
            writer.add("x", shortNumber: x, maximumPlaces: 6)
            writer.add("y", shortNumber: y, maximumPlaces: 6)
        case .key(let name):
            writer.add("key", string: name)
        case .wheel(let dx, let dy):
            writer.add("dx", shortNumber: dx, maximumPlaces: 6)
            writer.add("dy", shortNumber: dy, maximumPlaces: 6)
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
        let value: JSONValue
        do {
            value = try JSONParser.parse(line)
        } catch {
            throw failure(.badJSON(error.description))
        }
        guard case .object(let members) = value else {
            throw failure(.notAnObject(found: value.kindDescription))
        }
        let fields = JSONFields(members)
        func read<Value>(
            _ access: (String) throws(JSONFieldError) -> Value,
            _ field: String
        ) throws(ScriptError) -> Value {
            do {
                return try access(field)
            } catch {
                switch error {
                case .missing(let field):
                    throw failure(.missingField(field))
                case .wrongType(let field, let expected, let found):
                    throw failure(.wrongType(field: field, expected: expected, found: found))
                }
            }
        }

        let t = try read(fields.number, "t")
        guard t >= 0 else { throw failure(.negativeTime(t)) }
        let command: ScriptCommand
        switch try read(fields.string, "type") {
        case "down": command = .down(x: try read(fields.number, "x"), y: try read(fields.number, "y"))
        case "move": command = .move(x: try read(fields.number, "x"), y: try read(fields.number, "y"))
        case "up": command = .up(x: try read(fields.number, "x"), y: try read(fields.number, "y"))
        case "key":
            let name = try read(fields.string, "key")
            guard !name.isEmpty else { throw failure(.invalidValue(field: "key", reason: "must name a key")) }
            command = .key(name)
        case "wheel": command = .wheel(dx: try read(fields.number, "dx"), dy: try read(fields.number, "dy"))
        case "resize":
            let width = try read(fields.integer, "w")
            let height = try read(fields.integer, "h")
            let range = ViewportSize.dimensionRange
            for (field, value) in [("w", width), ("h", height)] where !range.contains(value) {
                throw failure(.invalidValue(
                    field: field,
                    reason: "must be between \(range.lowerBound) and \(range.upperBound) pixels, found \(value)"
                ))
            }
            command = .resize(width: width, height: height)
        case "shot":
            let path = try read(fields.string, "path")
            if let reason = shotPathProblem(path) { throw failure(.invalidValue(field: "path", reason: reason)) }
            command = .shot(path: path)
        case "quit": command = .quit
        case let unknown: throw failure(.unknownType(unknown))
        }
        return ScriptEvent(t: t, command: command)
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
