import Glibc
import Support

/// The photo a decoder process was sent, under the name its decoder opens it by.
///
/// Inside the decoder's sandbox the kernel refuses every open, and no broker answers one: `ImageFile.open` takes a
/// duplicate of the descriptor offered here instead of asking the kernel. The viewer never offers one, so its opens go
/// to the kernel as always.
package enum OfferedPhoto {
    private static let offered = LockedState<(path: String, descriptor: Int32)?>(nil)

    /// Offers `descriptor` (the caller keeps it and closes it) as `path` until `withdraw()`.
    package static func offer(_ descriptor: Int32, as path: String) {
        offered.withLock { $0 = descriptor >= 0 ? (path, descriptor) : nil }
    }

    /// Withdraws the offer: `path` names nothing from now on.
    package static func withdraw() {
        offered.withLock { $0 = nil }
    }

    /// A close-on-exec duplicate of the descriptor offered as exactly `path`, or nil when none is.
    static func duplicate(for path: String) -> Int32? {
        offered.withLock { offer in
            guard let offer, offer.path == path else { return nil }
            let duplicate = fcntl(offer.descriptor, F_DUPFD_CLOEXEC, 0)
            return duplicate >= 0 ? duplicate : nil
        }
    }
}
