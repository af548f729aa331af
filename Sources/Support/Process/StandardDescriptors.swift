import Glibc

/// Standard input, output and error, kept from being taken by the next file opened: a gallery started with one of
/// them closed (`gallery -o >&-`) would otherwise print its marked list into whatever file got descriptor 1.
package enum StandardDescriptors {
    /// Which of the three were open at start.
    package struct Open: Equatable, Sendable {
        /// Standard input.
        package var input: Bool
        /// Standard output.
        package var output: Bool
        /// Standard error.
        package var error: Bool
    }

    /// Puts `/dev/null`, opened for reading only, on each closed one (so a write to it fails, as it would have);
    /// returns which were open. Call first thing, before any file is opened.
    @discardableResult
    package static func reserve() -> Open {
        var wasOpen = [true, true, true]
        for descriptor in Int32(0)...2 where fcntl(descriptor, F_GETFD) == -1 {
            wasOpen[Int(descriptor)] = false
            // open(2) takes the lowest free descriptor: this one, as the lower ones are open by now.
            _ = open("/dev/null", O_RDONLY)
        }
        return Open(input: wasOpen[0], output: wasOpen[1], error: wasOpen[2])
    }
}
