/// A user action, feh's `--action1 'CMD %f'` … `--action9`: a shell command run on the current photo or the marked
/// ones. The gallery itself never deletes or moves a photo; a command may, and the photo is re-read afterwards.
///
/// No file name ever becomes shell text. The template is turned once into a fixed script (`script`) in which `%f` and
/// `%F` are references to positional parameters, quoted for the place they stand in; the names travel as separate
/// arguments of `/bin/sh -c SCRIPT gallery NAME…` (`invocations`), byte for byte, so a name cannot end a quote,
/// start a command or be read as an option.
public struct ActionCommand: Sendable, Hashable {
    /// The command as given: `%f` is the current photo, `%F` the marked ones (the current one when none is marked),
    /// `%%` a percent sign; with neither `%f` nor `%F` the current photo is added as the last command's last argument
    /// (when the template ends in a word, not after `&`, `;`, `|` or a comment).
    public let template: String
    /// The script `/bin/sh -c` runs: the template with its specifiers made parameter references.
    public let script: String
    /// Whether the command works on the marked photos (`%F`).
    public let usesMarked: Bool

    /// The shell variable the script keeps the current photo in (the first argument, shifted off so that `"$@"` is
    /// the marked ones).
    static let photoVariable = "gallery_photo"

    /// An action running `template`.
    public init(template: String) {
        self.template = template
        let translation = ActionTemplate.translate(template, photoVariable: Self.photoVariable)
        usesMarked = translation.usesMarked
        script = "\(Self.photoVariable)=$1; shift\n" + translation.body
    }

    /// One run of `/bin/sh -c script gallery ARGUMENTS`: the current photo first, then the `%F` photos.
    public struct Invocation: Equatable, Sendable {
        /// The script, the same for every photo.
        public var script: String
        /// The arguments after `$0`, each one a file name as bytes.
        public var arguments: [[UInt8]]
    }

    /// The runs for the photo `current` and the `marked` ones: one, unless `%F`'s photos exceed `argumentBytes` (the
    /// system's limit on a command line, less the environment), when they are split over several runs as `xargs`
    /// does, each with as many as fit. Names starting with `-` are given as `./-…`, so no command reads one as an
    /// option.
    public func invocations(current: [UInt8], marked: [[UInt8]], argumentBytes: Int) -> [Invocation] {
        let photo = Self.safeArgument(current)
        guard usesMarked else { return [Invocation(script: script, arguments: [photo])] }
        let all = (marked.isEmpty ? [current] : marked).map(Self.safeArgument)
        // Each argument costs its bytes, its NUL and its pointer in the new process's argv.
        func cost(_ argument: [UInt8]) -> Int { argument.count + 1 + MemoryLayout<UnsafePointer<CChar>>.size }
        let fixed =
            cost(Array("/bin/sh".utf8)) + cost(Array("-c".utf8)) + cost(Array(script.utf8))
            + cost(Array("gallery".utf8)) + cost(photo)
        var runs: [Invocation] = []
        var chunk: [[UInt8]] = []
        var used = fixed
        for argument in all {
            if !chunk.isEmpty, used + cost(argument) > argumentBytes {
                runs.append(Invocation(script: script, arguments: [photo] + chunk))
                chunk.removeAll()
                used = fixed
            }
            chunk.append(argument)
            used += cost(argument)
        }
        runs.append(Invocation(script: script, arguments: [photo] + chunk))
        return runs
    }

    /// `name`, or `./name` when it starts with `-`.
    static func safeArgument(_ name: [UInt8]) -> [UInt8] {
        name.first == UInt8(ascii: "-") ? Array("./".utf8) + name : name
    }
}
