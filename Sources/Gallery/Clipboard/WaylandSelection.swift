import CWindowSystem
import Glibc

/// The seat's selection on Wayland: a `wl_data_source` set through a `wl_data_device` bound on SDL's display connection
/// with an event queue of its own, served by a thread of its own (`CWindowSystem`'s `wayland_clipboard.c`); the key
/// press's serial comes from a `wl_keyboard` of the gallery's own on the seat.
final class WaylandSelection: ClipboardSelection, @unchecked Sendable {
    // The C side guards its state with a lock of its own: any thread may offer and provide.
    private let handle: OpaquePointer

    /// Binds the clipboard of `window`'s seat; nil, with the reason in `error`, when it is not on Wayland.
    @MainActor init?(window: Window, error: inout String) {
        var message = [CChar](repeating: 0, count: 256)
        guard
            let handle = gallery_wayland_clipboard_open(
                UnsafeMutableRawPointer(window.handle), &message, message.count)
        else {
            error = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return nil
        }
        self.handle = handle
    }

    func offer(_ targets: [(name: String, bytes: [UInt8]?)]) -> UInt64? {
        let number = SelectionTargets(targets).withPointers { names, data, sizes in
            gallery_wayland_clipboard_offer(handle, names, data, sizes, targets.count)
        }
        return number == 0 ? nil : number
    }

    func provide(_ offer: UInt64, target: String, bytes: [UInt8]?) {
        guard let bytes else {
            gallery_wayland_clipboard_provide(handle, offer, target, nil, 0)
            return
        }
        bytes.withUnsafeBufferPointer {
            gallery_wayland_clipboard_provide(handle, offer, target, $0.baseAddress, $0.count)
        }
    }

    func close() {
        gallery_wayland_clipboard_close(handle)
    }
}
