/// Why the gallery refuses to write a file: the option or event that asked for it, the path, and the problem.
public struct OutputError: Error, Equatable, Sendable {
    /// What asked for the file: `--trace`, `--shots`, or `shot` for a script's shot.
    public var role: String
    /// The path as given.
    public var path: String
    /// What is wrong with it.
    public var problem: OutputProblem

    /// Creates an error.
    public init(role: String, path: String, problem: OutputProblem) {
        self.role = role
        self.path = path
        self.problem = problem
    }
}

extension OutputError: CustomStringConvertible {
    /// One line: the role, the path, and what is wrong.
    public var description: String {
        let subject = path.isEmpty ? role : "\(role) \(path)"
        return "\(subject): \(problem)"
    }
}
