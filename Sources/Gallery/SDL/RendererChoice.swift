import CSDL2
import Glibc

/// Which SDL renderer a window gets.
///
/// On a machine whose OpenGL is itself a CPU rasteriser (Mesa's llvmpipe or softpipe, no GPU: virtual machines,
/// Xvfb, remote X), SDL's OpenGL renderer draws on the CPU too, but through a GL context, a shader JIT and texture
/// copies: measured under Xvfb, 190–230 MB RSS (libLLVM alone is ~100 MB of it) against ~70–95 MB with SDL's own
/// software renderer, and twice the CPU. So the software renderer is chosen when no GPU can be reached: no device
/// node a GPU driver needs, or Mesa told to rasterise in software. Otherwise the window starts with the
/// accelerated renderer and reads `GL_RENDERER`, falling back to the software renderer when that names a CPU
/// rasteriser (that probe has already loaded the GL libraries, so it is the rare path: a GPU present but out of
/// reach, as with Xvfb on a desktop). `--software` skips both checks; a user's `SDL_RENDER_DRIVER` always wins
/// (SDL itself obeys it over any flag).
///
/// SDL 2.26's Wayland driver has no software framebuffer: its software renderer can only be shown through a GL
/// texture, so on Wayland no GPU means OpenGL ES 2 on Mesa's software rasteriser, and a CPU rasteriser behind the
/// accelerated renderer is kept (`--software` still draws in software and presents through OpenGL ES).
package enum RendererChoice: Equatable, Sendable {
    /// SDL's software renderer: asked for with `--software` (no reason), or no GPU can be reached (why not).
    case software(reason: String?)
    /// The renderer SDL picks by itself: the user named one in `SDL_RENDER_DRIVER`.
    case usersDriver(String)
    /// An accelerated renderer, to be replaced by the software one if its OpenGL turns out to be a CPU rasteriser.
    case acceleratedUnlessSoftwareGL
    /// An accelerated renderer, kept whatever draws its OpenGL: Wayland with a GPU device present.
    case accelerated
    /// OpenGL ES 2, on the CPU rasteriser Mesa falls back to: Wayland, where no GPU can be reached (why not).
    case openGLES2(reason: String)

    /// The choice before any renderer exists, from the `--software` flag, the process environment, the GPU device
    /// nodes present (file names under `/dev/dri`, plus `/dev/nvidiactl` when it exists) and SDL's video driver.
    package init(softwareFlag: Bool, environment: [String: String], gpuDevices: [String], videoDriver: String) {
        func value(_ name: String) -> String { environment[name, default: ""].lowercased() }
        let noGPUReason: String?
        if !["", "0", "false"].contains(value("LIBGL_ALWAYS_SOFTWARE")) {
            noGPUReason = "LIBGL_ALWAYS_SOFTWARE is set"
        } else if Self.softwareRasteriserNames.contains(value("GALLIUM_DRIVER")) {
            noGPUReason = "GALLIUM_DRIVER is \(value("GALLIUM_DRIVER"))"
        } else if !gpuDevices.contains(where: { $0.hasPrefix("renderD") || $0.hasPrefix("card") || $0 == "nvidiactl" })
        {
            noGPUReason = "no GPU device (/dev/dri is empty or missing)"
        } else {
            noGPUReason = nil
        }
        if !value("SDL_RENDER_DRIVER").isEmpty {
            self = .usersDriver(environment["SDL_RENDER_DRIVER", default: ""])
        } else if softwareFlag {
            self = .software(reason: nil)
        } else if videoDriver.lowercased() == "wayland" {
            self = noGPUReason.map { .openGLES2(reason: $0) } ?? .accelerated
        } else if let noGPUReason {
            self = .software(reason: noGPUReason)
        } else {
            self = .acceleratedUnlessSoftwareGL
        }
    }

    /// Words in `GL_RENDERER` strings of OpenGL implementations that rasterise on the CPU: Mesa's llvmpipe,
    /// softpipe and classic swrast ("Software Rasterizer"), Google's SwiftShader, Windows' GDI Generic.
    static let softwareRasteriserNames = [
        "llvmpipe", "softpipe", "software rasterizer", "swrast", "swiftshader",
        "gdi generic",
    ]

    /// The GPU device names present on this machine, for `init(softwareFlag:environment:gpuDevices:)`.
    package static func presentGPUDevices() -> [String] {
        var names: [String] = []
        if let directory = opendir("/dev/dri") {
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                names.append(
                    withUnsafeBytes(of: entry.pointee.d_name) {
                        String(cString: $0.bindMemory(to: CChar.self).baseAddress!)
                    })
            }
        }
        if access("/dev/nvidiactl", F_OK) == 0 { names.append("nvidiactl") }
        return names
    }

    /// The environment variables the choice reads, from this process's environment.
    package static func processEnvironment() -> [String: String] {
        var environment: [String: String] = [:]
        for name in ["SDL_RENDER_DRIVER", "LIBGL_ALWAYS_SOFTWARE", "GALLIUM_DRIVER"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return environment
    }

    /// Whether the OpenGL renderer named `glRenderer` (the `GL_RENDERER` string, e.g. "llvmpipe (LLVM 15.0.6,
    /// 256 bits)") draws on the CPU, so SDL's software renderer does the same work with less memory.
    package static func isSoftwareRasteriser(glRenderer: String) -> Bool {
        let name = glRenderer.lowercased()
        return softwareRasteriserNames.contains { name.contains($0) }
    }
}

@MainActor
extension RendererChoice {
    /// A renderer for `window` as chosen: for `.acceleratedUnlessSoftwareGL`, the accelerated one unless its
    /// `GL_RENDERER` names a CPU rasteriser, then the software one. A software renderer chosen for a reason records
    /// it in `Renderer.softwareReason`.
    /// Accelerated renderers wait for vsync; software ones are paced by the caller.
    func makeRenderer(for window: Window) throws(SDLError) -> Renderer {
        switch self {
        case .software(let reason):
            let software = try Renderer(window: window, software: true, vsync: false)
            software.softwareReason = reason
            return software
        case .usersDriver(let driver):
            return try Renderer(window: window, software: false, vsync: driver.lowercased() != "software")
        case .accelerated:
            return try Renderer(window: window, software: false, vsync: true)
        case .openGLES2:
            // SDL_CreateRenderer reads the hint (a user's SDL_RENDER_DRIVER is `.usersDriver`). SDL would try desktop
            // OpenGL first; OpenGL ES 2 on llvmpipe is the pair tested in a real compositor (WaylandWindowTests).
            SDL_SetHint(SDL_HINT_RENDER_DRIVER, "opengles2")
            defer { SDL_SetHint(SDL_HINT_RENDER_DRIVER, "") }
            if let gles = try? Renderer(window: window, software: false, vsync: true) { return gles }
            SDL_SetHint(SDL_HINT_RENDER_DRIVER, "")
            return try Renderer(window: window, software: false, vsync: true)
        case .acceleratedUnlessSoftwareGL:
            var accelerated = try? Renderer(window: window, software: false, vsync: true)
            let glRenderer = accelerated.flatMap(Self.openGLRendererString(of:))
            if let accelerated, !(glRenderer.map(Self.isSoftwareRasteriser(glRenderer:)) ?? false) {
                return accelerated
            }
            // A CPU rasteriser, or no accelerated renderer at all. SDL wants a window's renderer destroyed before the
            // next one is created for it.
            accelerated = nil
            let software = try Renderer(window: window, software: true, vsync: false)
            software.softwareReason = glRenderer.map { "OpenGL here is \($0)" } ?? "no accelerated renderer"
            return software
        }
    }

    /// `GL_RENDERER` of an OpenGL or OpenGL ES renderer (its context is current right after creation), else nil.
    static func openGLRendererString(of renderer: Renderer) -> String? {
        guard renderer.name.hasPrefix("opengl"), SDL_GL_GetCurrentContext() != nil,
            let address = SDL_GL_GetProcAddress("glGetString")
        else { return nil }
        typealias GetString = @convention(c) (UInt32) -> UnsafePointer<UInt8>?
        let glRendererName: UInt32 = 0x1F01  // GL_RENDERER, the same in OpenGL and OpenGL ES
        return unsafeBitCast(address, to: GetString.self)(glRendererName).map { String(cString: $0) }
    }
}
