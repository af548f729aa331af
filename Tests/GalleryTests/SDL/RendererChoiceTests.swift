import Testing

@testable import Gallery

@Suite struct RendererChoiceTests {
    static let gpu = ["by-path", "card0", "renderD128"]

    /// (--software, environment, /dev entries) → the choice before any renderer exists.
    static let cases: [(Bool, [String: String], [String], RendererChoice)] = [
        (false, [:], gpu, .acceleratedUnlessSoftwareGL),
        (false, [:], ["nvidiactl"], .acceleratedUnlessSoftwareGL),
        (false, [:], ["renderD129"], .acceleratedUnlessSoftwareGL),
        (true, [:], gpu, .software(reason: nil)),
        (true, [:], [], .software(reason: nil)),
        (false, [:], [], .software(reason: "no GPU device (/dev/dri is empty or missing)")),
        (false, [:], ["by-path"], .software(reason: "no GPU device (/dev/dri is empty or missing)")),
        (false, ["LIBGL_ALWAYS_SOFTWARE": "1"], gpu, .software(reason: "LIBGL_ALWAYS_SOFTWARE is set")),
        (false, ["LIBGL_ALWAYS_SOFTWARE": "true"], gpu, .software(reason: "LIBGL_ALWAYS_SOFTWARE is set")),
        (false, ["LIBGL_ALWAYS_SOFTWARE": "0"], gpu, .acceleratedUnlessSoftwareGL),
        (false, ["LIBGL_ALWAYS_SOFTWARE": ""], gpu, .acceleratedUnlessSoftwareGL),
        (false, ["GALLIUM_DRIVER": "llvmpipe"], gpu, .software(reason: "GALLIUM_DRIVER is llvmpipe")),
        (false, ["GALLIUM_DRIVER": "softpipe"], gpu, .software(reason: "GALLIUM_DRIVER is softpipe")),
        (false, ["GALLIUM_DRIVER": "zink"], gpu, .acceleratedUnlessSoftwareGL),
        // SDL obeys SDL_RENDER_DRIVER before any flag, so the gallery leaves the choice to it, even over --software.
        (false, ["SDL_RENDER_DRIVER": "opengl"], [], .usersDriver("opengl")),
        (true, ["SDL_RENDER_DRIVER": "opengl"], gpu, .usersDriver("opengl")),
        (false, ["SDL_RENDER_DRIVER": "software", "LIBGL_ALWAYS_SOFTWARE": "1"], gpu, .usersDriver("software")),
        (false, ["SDL_RENDER_DRIVER": ""], gpu, .acceleratedUnlessSoftwareGL),
    ]

    @Test(arguments: cases)
    func choiceBeforeAnyRenderer(
        software: Bool, environment: [String: String], devices: [String], expected: RendererChoice
    ) {
        #expect(
            RendererChoice(softwareFlag: software, environment: environment, gpuDevices: devices, videoDriver: "x11")
                == expected)
    }

    /// The same on Wayland, whose SDL driver cannot show the software renderer's frames without a GL texture: no GPU
    /// gives OpenGL ES 2 (on Mesa's CPU rasteriser), a GPU the accelerated renderer whatever it turns out to be.
    static let waylandCases: [(Bool, [String: String], [String], RendererChoice)] = [
        (false, [:], [], .openGLES2(reason: "no GPU device (/dev/dri is empty or missing)")),
        (false, [:], ["by-path"], .openGLES2(reason: "no GPU device (/dev/dri is empty or missing)")),
        (false, ["LIBGL_ALWAYS_SOFTWARE": "1"], gpu, .openGLES2(reason: "LIBGL_ALWAYS_SOFTWARE is set")),
        (false, ["GALLIUM_DRIVER": "llvmpipe"], gpu, .openGLES2(reason: "GALLIUM_DRIVER is llvmpipe")),
        (false, [:], gpu, .accelerated),
        (false, ["LIBGL_ALWAYS_SOFTWARE": "0"], ["nvidiactl"], .accelerated),
        (true, [:], [], .software(reason: nil)),
        (false, ["SDL_RENDER_DRIVER": "software"], [], .usersDriver("software")),
    ]

    @Test(arguments: waylandCases)
    func choiceOnWayland(
        software: Bool, environment: [String: String], devices: [String], expected: RendererChoice
    ) {
        #expect(
            RendererChoice(
                softwareFlag: software, environment: environment, gpuDevices: devices, videoDriver: "wayland")
                == expected)
    }

    /// `GL_RENDERER` strings as Mesa and others report them, and whether they rasterise on the CPU.
    static let glRenderers: [(String, Bool)] = [
        ("llvmpipe (LLVM 15.0.6, 256 bits)", true),
        ("softpipe", true),
        ("Software Rasterizer", true),
        ("Mesa X11 swrast", true),
        ("Google SwiftShader", true),
        ("GDI Generic", true),
        ("Mesa Intel(R) UHD Graphics 620 (KBL GT2)", false),
        ("AMD Radeon RX 6600 (navi23, LLVM 15.0.6, DRM 3.49, 6.1.0-18-amd64)", false),
        ("NVIDIA GeForce RTX 3060/PCIe/SSE2", false),
        ("virgl (Mesa Intel(R) Iris(R) Xe Graphics)", false),
        ("", false),
    ]

    @Test(arguments: glRenderers)
    func softwareRasterisersAreRecognised(glRenderer: String, isSoftware: Bool) {
        #expect(RendererChoice.isSoftwareRasteriser(glRenderer: glRenderer) == isSoftware)
    }
}

extension SDLSerializedTests {
    @Suite @MainActor struct RendererNameTests {
        init() throws {
            try SDLTestSession.start()
        }

        /// The name the HUD shows: a surface renderer is SDL's software one, chosen for no special reason.
        @Test func aSurfaceRendererIsSoftware() throws {
            let renderer = try Renderer(target: Surface(width: 8, height: 8, opaque: true))
            #expect(renderer.name == "software")
            #expect(renderer.isSoftware)
            #expect(renderer.softwareReason == nil)
            #expect(RendererChoice.openGLRendererString(of: renderer) == nil)
        }
    }
}
