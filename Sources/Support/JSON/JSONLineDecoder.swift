#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Decodes one line of JSON Lines with FoundationEssentials, turning `DecodingError`s into a `JSONLineError` that
/// names the field.
///
/// The line is first checked with `JSONSyntax`: `JSONDecoder` only checks the fields it reads, and on Linux says no
/// more than "The given data was not valid JSON.", while `JSONSyntax` says what is wrong and where.
package enum JSONLineDecoder {
    /// Decodes `line` as `Value`, whose coding keys should be `JSONLineField`s so that type errors say what was expected.
    package static func decode<Value: Decodable>(
        _ type: Value.Type,
        from line: some StringProtocol
    ) throws(JSONLineError) -> Value {
        if let problem = JSONSyntax.problem(in: line) { throw .notJSON(reason: problem) }
        let data = Data(line.utf8)
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw lineError(for: error)
        } catch {
            // JSONDecoder and `init(from:)` throw only `DecodingError`s; anything else is reported as it is.
            throw .notJSON(reason: "\(error)")
        }
    }

    private static func lineError(for error: DecodingError) -> JSONLineError {
        switch error {
        case .keyNotFound(let key, _):
            return .missingField(key.stringValue)
        case .valueNotFound(_, let context):
            return wrongType(at: context.codingPath, found: "null")
        case .typeMismatch(_, let context):
            return wrongType(at: context.codingPath, found: foundKind(in: context.debugDescription))
        case .dataCorrupted(let context):
            guard let field = context.codingPath.first else { return .notJSON(reason: context.debugDescription) }
            return .invalidValue(field: field.stringValue, reason: context.debugDescription)
        @unknown default:
            return .notJSON(reason: "\(error)")
        }
    }

    /// A type error at `path`: the field itself (`["w"]`) or an element of an array field (`["slots", 1]`).
    private static func wrongType(at path: [any CodingKey], found: String) -> JSONLineError {
        guard let field = path.first else { return .notAnObject(found: found) }
        return .wrongType(
            field: field.stringValue,
            expected: (field as? any JSONLineField)?.expectedValue ?? "another kind of value",
            found: path.count > 1 ? "an element that is \(found)" : found
        )
    }

    /// What JSONDecoder found instead, which it gives only in its debug text: "… but found bool instead.".
    private static func foundKind(in debugDescription: String) -> String {
        guard let start = debugDescription.firstRange(of: "but found "),
            let end = debugDescription[start.upperBound...].firstRange(of: " instead")
        else { return "another kind of value" }
        return switch debugDescription[start.upperBound..<end.lowerBound] {
        case "bool": "a boolean"
        case "number": "a number"
        case "a dictionary": "an object"
        case let kind: String(kind)
        }
    }
}
