/// The SDL video drivers to try, chosen before `SDL_Init` so that a driver that cannot connect stays quiet.
///
/// libwayland looks for a relative socket name (`WAYLAND_DISPLAY`, default `wayland-0`) in `XDG_RUNTIME_DIR`.
/// Without that variable (and without `WAYLAND_SOCKET` or an absolute `WAYLAND_DISPLAY`) Wayland cannot connect,
/// and libwayland prints "XDG_RUNTIME_DIR is invalid or not set" before SDL moves on to the next driver. Leaving
/// Wayland out then loses nothing, creates nothing on disk, and lets the gallery's own "no display" message be
/// the one the user reads. A user's `SDL_VIDEODRIVER` always wins.
package enum VideoDriverChoice {
    /// The value for `SDL_HINT_VIDEODRIVER` (drivers in SDL's own order, comma-separated), or `nil` to leave
    /// SDL's choice alone.
    package static func hint(availableDrivers: [String], environment: [String: String]) -> String? {
        func isSet(_ name: String) -> Bool { !(environment[name] ?? "").isEmpty }
        guard !isSet("SDL_VIDEODRIVER"), availableDrivers.contains("wayland") else { return nil }
        let waylandCanConnect =
            isSet("XDG_RUNTIME_DIR") || isSet("WAYLAND_SOCKET")
            || environment["WAYLAND_DISPLAY", default: ""].hasPrefix("/")
        guard !waylandCanConnect else { return nil }
        return availableDrivers.filter { $0 != "wayland" }.joined(separator: ",")
    }
}
