/// A pointer gesture, with the words the help shows for it.
public struct GestureBinding: Equatable, Sendable {
    /// The gesture, e.g. "left-button drag".
    public var gesture: String
    /// What it does, e.g. "the photos follow the pointer".
    public var summary: String

    /// Creates a binding.
    public init(gesture: String, summary: String) {
        self.gesture = gesture
        self.summary = summary
    }
}
