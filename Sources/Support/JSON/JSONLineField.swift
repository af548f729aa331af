/// The coding key of a field that `JSONLineDecoder` reads, saying what the field must hold for its error messages.
package protocol JSONLineField: CodingKey {
    /// What a value of this field must be, e.g. "a whole number" or "an array of strings".
    var expectedValue: String { get }
}
