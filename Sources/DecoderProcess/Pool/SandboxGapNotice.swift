/// What the pool's processes have said of their sandbox: every layer reported off so far, and the one warning the user
/// gets about them, the first time any is reported. The decoder states them (from its own sandbox's outcome, before it
/// reads a photo); a decoder a photo took over could hide them, not lift them.
struct SandboxGapNotice {
    /// Every sandbox layer a process has reported off so far (every reply states them).
    private(set) var seen: DecoderSandboxGaps = []
    /// Whether the warning was given.
    private var warned = false

    /// Takes in the layers a reply reports off; the warning to give, the first time any is reported, else nil.
    mutating func note(_ gaps: DecoderSandboxGaps) -> String? {
        guard !gaps.isEmpty else { return nil }
        seen.formUnion(gaps)
        guard !warned else { return nil }
        warned = true
        let consequence =
            gaps.refusesPhotos
            ? "photos are not decoded (each shows why)" : "photos are decoded under the layers that are on"
        return "the decoder sandbox is missing " + gaps.names.joined(separator: ", ") + " on this system: "
            + consequence + " (gallery --version lists the layers)"
    }
}
