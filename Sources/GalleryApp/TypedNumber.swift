import ArgumentParser

/// A number option as the user typed it: its value, and its text for messages, so a refusal quotes the input
/// (`not 0`, `found 1e9`) rather than Swift's rendering of the Double (`0.0`, `1000000000.0`).
struct TypedNumber: ExpressibleByArgument, CustomStringConvertible, Sendable {
    /// The number.
    var value: Double
    /// The text typed, or the shortest text of a default.
    var description: String

    /// Parses an argument as `Double(_:)` does.
    init?(argument: String) {
        guard let value = Double(argument) else { return nil }
        self.value = value
        description = argument
    }

    /// A default value, written without a needless `.0`.
    init(_ value: Double) {
        self.value = value
        description = value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// The default as the help shows it.
    var defaultValueDescription: String { description }
}
