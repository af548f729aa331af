import Gallery
import Testing

@Suite struct VideoDriverChoiceTests {
    static let debianDrivers = ["x11", "wayland", "KMSDRM", "offscreen", "dummy", "evdev"]

    /// Environments where Wayland cannot connect: Wayland is left out, the other drivers keep SDL's order.
    static let unreachable: [[String: String]] = [
        [:],
        ["DISPLAY": ":0"],
        ["XDG_RUNTIME_DIR": ""],
        ["WAYLAND_DISPLAY": "wayland-1"],
        ["SDL_VIDEODRIVER": "", "WAYLAND_SOCKET": ""],
    ]

    /// Environments where SDL's own choice stands: no Wayland session (X11 goes first, as SDL has it), an X11 session
    /// that also has a compositor's socket, or the user chose the driver.
    static let leftAlone: [[String: String]] = [
        ["XDG_RUNTIME_DIR": "/run/user/1000"],
        ["XDG_RUNTIME_DIR": "/run/user/1000", "DISPLAY": ":0"],
        ["WAYLAND_SOCKET": "5"],
        ["XDG_RUNTIME_DIR": "/run/user/1000", "WAYLAND_DISPLAY": "wayland-0", "XDG_SESSION_TYPE": "x11"],
        ["WAYLAND_DISPLAY": "/tmp/compositor/wayland-0", "DISPLAY": ":0", "XDG_SESSION_TYPE": "X11"],
        ["SDL_VIDEODRIVER": "wayland"],
        ["SDL_VIDEODRIVER": "x11", "WAYLAND_DISPLAY": "wayland-0", "XDG_RUNTIME_DIR": "/run/user/1000"],
        ["SDL_VIDEODRIVER": "dummy"],
    ]

    /// Wayland sessions, with or without Xwayland's `DISPLAY`: native Wayland first, then SDL's order (X11 next).
    static let waylandSessions: [[String: String]] = [
        ["XDG_RUNTIME_DIR": "/run/user/1000", "WAYLAND_DISPLAY": "wayland-0"],
        ["XDG_RUNTIME_DIR": "/run/user/1000", "WAYLAND_DISPLAY": "wayland-1", "DISPLAY": ":0"],
        [
            "XDG_RUNTIME_DIR": "/run/user/1000", "WAYLAND_DISPLAY": "wayland-0", "DISPLAY": ":0",
            "XDG_SESSION_TYPE": "wayland",
        ],
        ["WAYLAND_DISPLAY": "/tmp/compositor/wayland-0", "SDL_VIDEODRIVER": ""],
        ["XDG_RUNTIME_DIR": "/run/user/1000", "WAYLAND_DISPLAY": "wayland-0", "XDG_SESSION_TYPE": "tty"],
    ]

    @Test(arguments: unreachable)
    func waylandIsLeftOutWhenItCannotConnect(environment: [String: String]) {
        let hint = VideoDriverChoice.hint(availableDrivers: Self.debianDrivers, environment: environment)
        #expect(hint == "x11,KMSDRM,offscreen,dummy,evdev")
    }

    @Test(arguments: leftAlone)
    func sdlChoosesWhenWaylandMayConnectOrTheUserChose(environment: [String: String]) {
        #expect(VideoDriverChoice.hint(availableDrivers: Self.debianDrivers, environment: environment) == nil)
    }

    @Test(arguments: waylandSessions)
    func aWaylandSessionTriesNativeWaylandFirst(environment: [String: String]) {
        let hint = VideoDriverChoice.hint(availableDrivers: Self.debianDrivers, environment: environment)
        #expect(hint == "wayland,x11,KMSDRM,offscreen,dummy,evdev")
    }

    /// Where SDL may end up on Wayland, whose keyboard cannot take the empty Compose file the gallery gives X11.
    static let mayUseWayland: [([String: String], Bool)] = [
        (["XDG_RUNTIME_DIR": "/run/user/1000", "WAYLAND_DISPLAY": "wayland-0", "DISPLAY": ":0"], true),
        (["XDG_RUNTIME_DIR": "/run/user/1000"], true),
        (["SDL_VIDEODRIVER": "wayland"], true),
        (["SDL_VIDEODRIVER": "x11,wayland", "DISPLAY": ":0"], true),
        (["XDG_RUNTIME_DIR": "/run/user/1000", "DISPLAY": ":0"], false),
        (
            [
                "XDG_RUNTIME_DIR": "/run/user/1000", "WAYLAND_DISPLAY": "wayland-0", "DISPLAY": ":0",
                "XDG_SESSION_TYPE": "x11",
            ], false
        ),
        (["DISPLAY": ":0"], false),
        ([:], false),
        (["SDL_VIDEODRIVER": "x11", "XDG_RUNTIME_DIR": "/run/user/1000", "WAYLAND_DISPLAY": "wayland-0"], false),
    ]

    @Test(arguments: mayUseWayland)
    func whereSDLMayUseWayland(environment: [String: String], expected: Bool) {
        #expect(VideoDriverChoice.mayUseWayland(environment: environment) == expected)
    }

    @Test func anSDLWithoutWaylandIsLeftAlone() {
        #expect(VideoDriverChoice.hint(availableDrivers: ["x11", "offscreen"], environment: [:]) == nil)
        let waylandSession = ["XDG_RUNTIME_DIR": "/run/user/1000", "WAYLAND_DISPLAY": "wayland-0"]
        #expect(VideoDriverChoice.hint(availableDrivers: ["x11", "offscreen"], environment: waylandSession) == nil)
    }
}
