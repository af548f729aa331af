/// The SDL video drivers to try, chosen before `SDL_Init`: native Wayland first in a Wayland session, and no driver
/// that cannot connect.
///
/// SDL 2.26 tries X11 before Wayland, so in a Wayland session that also has Xwayland (`DISPLAY` set) the window would
/// go through Xwayland. With `WAYLAND_DISPLAY` set and a session that is not X11 (`XDG_SESSION_TYPE`), Wayland goes
/// first and the other drivers follow in SDL's order: if the compositor cannot be reached, SDL moves on to X11.
///
/// libwayland looks for a relative socket name (`WAYLAND_DISPLAY`, default `wayland-0`) in `XDG_RUNTIME_DIR`.
/// Without that variable (and without `WAYLAND_SOCKET` or an absolute `WAYLAND_DISPLAY`) Wayland cannot connect,
/// and libwayland prints "XDG_RUNTIME_DIR is invalid or not set" before SDL moves on to the next driver. Leaving
/// Wayland out then loses nothing, creates nothing on disk, and lets the gallery's own "no display" message be
/// the one the user reads. A user's `SDL_VIDEODRIVER` always wins.
package enum VideoDriverChoice {
    /// The value for `SDL_HINT_VIDEODRIVER` (drivers comma-separated, in the order to try them), or `nil` to leave
    /// SDL's choice alone.
    package static func hint(availableDrivers: [String], environment: [String: String]) -> String? {
        guard !isSet("SDL_VIDEODRIVER", in: environment), availableDrivers.contains("wayland") else { return nil }
        let others = availableDrivers.filter { $0 != "wayland" }
        guard waylandCanConnect(environment) else { return others.joined(separator: ",") }
        return isWaylandSession(environment) ? (["wayland"] + others).joined(separator: ",") : nil
    }

    /// Whether SDL may end up on Wayland: the user asked for it, Wayland goes first, or no `DISPLAY` leaves X11
    /// nothing to connect to (then SDL's default socket, `wayland-0`, may well be there). What only X11 wants is
    /// set where this is false (`SDLSession.skipComposeTable`).
    package static func mayUseWayland(environment: [String: String]) -> Bool {
        if isSet("SDL_VIDEODRIVER", in: environment) {
            return environment["SDL_VIDEODRIVER", default: ""].lowercased().contains("wayland")
        }
        return waylandCanConnect(environment) && (isWaylandSession(environment) || !isSet("DISPLAY", in: environment))
    }

    private static func isSet(_ name: String, in environment: [String: String]) -> Bool {
        !(environment[name] ?? "").isEmpty
    }

    /// Whether libwayland has a socket to look for.
    private static func waylandCanConnect(_ environment: [String: String]) -> Bool {
        isSet("XDG_RUNTIME_DIR", in: environment) || isSet("WAYLAND_SOCKET", in: environment)
            || environment["WAYLAND_DISPLAY", default: ""].hasPrefix("/")
    }

    /// A compositor's socket named, in a session that is not X11's.
    private static func isWaylandSession(_ environment: [String: String]) -> Bool {
        isSet("WAYLAND_DISPLAY", in: environment) && environment["XDG_SESSION_TYPE", default: ""].lowercased() != "x11"
    }
}
