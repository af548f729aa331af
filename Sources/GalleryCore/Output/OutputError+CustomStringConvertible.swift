extension OutputError: CustomStringConvertible {
    /// One line: the role, the path, and what is wrong.
    public var description: String {
        let subject = path.isEmpty ? role : "\(role) \(path)"
        return "\(subject): \(problem)"
    }
}
