import CWindowSystem

/// A selection other programs paste from, served by `CWindowSystem` on a connection and a thread of its own: X11's
/// CLIPBOARD, owned by an invisible window on an X connection of the gallery's own (`x11_clipboard*.c`: SDL 2.26 reads
/// its own connection's events and answers no selection request but its text's), or the Wayland seat's selection, a
/// `wl_data_source` set through a `wl_data_device` bound on SDL's display, whose events SDL dispatches on the main
/// thread for the clipboard's thread (`wayland_clipboard*.c`; the key press's serial comes from a `wl_keyboard` of the
/// gallery's own).
final class WindowSystemSelection: ClipboardSelection, @unchecked Sendable {
    /// One window system's C calls; both take the same arguments.
    struct Calls: Sendable {
        /// Opens the clipboard of an SDL window, or writes why not into the buffer given.
        let open: @Sendable (UnsafeMutableRawPointer?, UnsafeMutablePointer<CChar>?, Int) -> OpaquePointer?
        /// Takes the selection offering named targets with their bytes (nil: to come); the offer's number, 0 if none.
        let offer:
            @Sendable (
                OpaquePointer?, UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<UnsafePointer<UInt8>?>?,
                UnsafePointer<Int>?, Int
            ) -> UInt64
        /// The bytes of an offer's pending target (nil: withdrawn).
        let provide: @Sendable (OpaquePointer?, UInt64, UnsafePointer<CChar>?, UnsafePointer<UInt8>?, Int) -> Void
        /// Stops serving and frees everything.
        let close: @Sendable (OpaquePointer?) -> Void

        /// X11's CLIPBOARD selection.
        static let x11 = Calls(
            open: gallery_x11_clipboard_open, offer: gallery_x11_clipboard_offer,
            provide: gallery_x11_clipboard_provide, close: gallery_x11_clipboard_close)
        /// The Wayland seat's selection.
        static let wayland = Calls(
            open: gallery_wayland_clipboard_open, offer: gallery_wayland_clipboard_offer,
            provide: gallery_wayland_clipboard_provide, close: gallery_wayland_clipboard_close)
    }

    private let calls: Calls
    // The C side guards its state with a lock of its own: any thread may offer and provide.
    private let handle: OpaquePointer

    /// Opens `window`'s clipboard through `calls`; nil, with the reason in `error`, when `window` is not on that system.
    @MainActor init?(_ calls: Calls, window: Window, error: inout String) {
        guard let handle = WindowSystemHelper.open(calls.open, window: window, error: &error) else { return nil }
        self.calls = calls
        self.handle = handle
    }

    func offer(_ targets: [(name: String, bytes: [UInt8]?)]) -> UInt64? {
        let number = SelectionTargets(targets).withPointers { names, data, sizes in
            calls.offer(handle, names, data, sizes, targets.count)
        }
        return number == 0 ? nil : number
    }

    func provide(_ offer: UInt64, target: String, bytes: [UInt8]?) {
        guard let bytes else {
            calls.provide(handle, offer, target, nil, 0)
            return
        }
        bytes.withUnsafeBufferPointer { calls.provide(handle, offer, target, $0.baseAddress, $0.count) }
    }

    func close() {
        calls.close(handle)
    }
}
