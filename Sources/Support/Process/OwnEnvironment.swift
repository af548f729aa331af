import Glibc

/// Environment variables the gallery sets for itself only: what it starts (actions, open-with, feed commands, decoders)
/// gets the environment the session gave it.
///
/// Set them before any thread starts (`setenv` is not safe beside a thread reading the environment).
public enum OwnEnvironment {
    /// The variables set here (each was unset before).
    private static let added = LockedState<[String]>([])

    /// Sets `name` to `value` for this process, unless the session set it already (then the session's value stays).
    public static func setUnlessSet(_ name: String, to value: String) {
        guard getenv(name) == nil else { return }
        setenv(name, value, 1)
        added.withLock { $0.append(name) }
    }

    /// Calls `body` with the environment a child process gets, as `posix_spawn` takes it (NULL-terminated): this
    /// process's, less the variables `setUnlessSet` added, with `extra` ("NAME=value") in place of any of the same name.
    public static func withChildEnvironment<Result>(
        adding extra: [String] = [], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Result
    ) -> Result {
        let prefixes =
            added.withLock { names in names.map { $0 + "=" } }
            + extra.compactMap { entry in entry.firstIndex(of: "=").map { String(entry[...$0]) } }
        guard !prefixes.isEmpty else { return body(environ) }
        var entries: [UnsafeMutablePointer<CChar>?] = []
        var cursor = environ
        while let entry = cursor.pointee {
            let text = String(cString: entry)
            if !prefixes.contains(where: { text.hasPrefix($0) }) { entries.append(entry) }
            cursor += 1
        }
        let copies = extra.map { strdup($0) }
        defer { for copy in copies { free(copy) } }
        entries += copies
        entries.append(nil)
        return entries.withUnsafeBufferPointer { body($0.baseAddress!) }
    }

    /// The value a child process would see for `name` (nil: unset).
    package static func childValue(of name: String) -> String? {
        withChildEnvironment { environment in
            var cursor = environment
            while let entry = cursor.pointee {
                let text = String(cString: entry)
                if text.hasPrefix(name + "=") { return String(text.dropFirst(name.count + 1)) }
                cursor += 1
            }
            return nil
        }
    }
}
