import CWindowSystem

/// The CLIPBOARD selection on X11, owned by an invisible window on an X connection of the gallery's own and served by
/// a thread of its own (`CWindowSystem`'s `x11_clipboard.c`): SDL 2.26 reads its own connection's events itself and
/// answers no selection request but its text's.
final class X11Selection: ClipboardSelection, @unchecked Sendable {
    // The C side guards its state with a lock of its own: any thread may offer and provide.
    private let handle: OpaquePointer

    /// Opens the clipboard of `window`'s X display; nil, with the reason in `error`, when it is not on X11.
    @MainActor init?(window: Window, error: inout String) {
        var message = [CChar](repeating: 0, count: 256)
        guard let handle = gallery_x11_clipboard_open(UnsafeMutableRawPointer(window.handle), &message, message.count)
        else {
            error = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return nil
        }
        self.handle = handle
    }

    func offer(_ targets: [(name: String, bytes: [UInt8]?)]) -> UInt64? {
        let number = SelectionTargets(targets).withPointers { names, data, sizes in
            gallery_x11_clipboard_offer(handle, names, data, sizes, targets.count)
        }
        return number == 0 ? nil : number
    }

    func provide(_ offer: UInt64, target: String, bytes: [UInt8]?) {
        guard let bytes else {
            gallery_x11_clipboard_provide(handle, offer, target, nil, 0)
            return
        }
        bytes.withUnsafeBufferPointer { gallery_x11_clipboard_provide(handle, offer, target, $0.baseAddress, $0.count) }
    }

    /// What the clipboard has done so far.
    var statistics: gallery_x11_clipboard_statistics { gallery_x11_clipboard_statistics_now(handle) }

    func close() {
        gallery_x11_clipboard_close(handle)
    }
}
