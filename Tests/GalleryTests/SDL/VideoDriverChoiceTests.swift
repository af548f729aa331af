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

    /// Environments where SDL's own choice stands: Wayland may connect, or the user chose the driver.
    static let leftAlone: [[String: String]] = [
        ["XDG_RUNTIME_DIR": "/run/user/1000"],
        ["WAYLAND_SOCKET": "5"],
        ["WAYLAND_DISPLAY": "/tmp/compositor/wayland-0"],
        ["SDL_VIDEODRIVER": "wayland"],
        ["SDL_VIDEODRIVER": "dummy"],
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

    @Test func anSDLWithoutWaylandIsLeftAlone() {
        #expect(VideoDriverChoice.hint(availableDrivers: ["x11", "offscreen"], environment: [:]) == nil)
    }
}
