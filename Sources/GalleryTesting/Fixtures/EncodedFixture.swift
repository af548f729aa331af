import Gallery
import Glibc
import Imaging

/// HEIC, AVIF and JPEG XL files made at test and benchmark time with Debian's own encoders (`heif-enc` from
/// libheif-examples, `avifenc` from libavif-bin, `cjxl` from libjxl-tools), from a JPEG or PPM written first.
package enum EncodedFixture {
    /// An encoder and the command line it takes.
    package enum Encoder: String, CaseIterable, Sendable {
        case heic, avif, jxl

        /// The program, looked up on `PATH`.
        package var program: String {
            switch self {
            case .heic: "heif-enc"
            case .avif: "avifenc"
            case .jxl: "cjxl"
            }
        }

        /// The arguments that encode `input` (JPEG or PNG; PPM for cjxl too) into `output`, then `options`. Fast
        /// settings: fixtures need to exist, not to be small.
        package func arguments(input: String, output: String, options: [String]) -> [String] {
            switch self {
            case .heic: ["-q", "90"] + options + [input, "-o", output]
            case .avif: ["-s", "8", "-j", "2"] + options + [input, output]
            case .jxl: ["-e", "3"] + options + [input, output]
            }
        }
    }

    /// Encodes `input` into `output` with `encoder`; false when the program is missing or fails.
    package static func encode(_ input: String, with encoder: Encoder, to output: String, options: [String] = [])
        -> Bool
    {
        run([encoder.program] + encoder.arguments(input: input, output: output, options: options))
    }

    /// Whether all three encoders are installed (`make deps` installs them).
    package static var encodersInstalled: Bool {
        Encoder.allCases.allSatisfy { run(["sh", "-c", "command -v \($0.program)"]) }
    }

    /// A binary PPM (P6) of `width` × `height` pixels from `color`.
    package static func ppm(width: Int, height: Int, _ color: (Int, Int) -> RGBA) -> [UInt8] {
        var bytes = Array("P6\n\(width) \(height)\n255\n".utf8)
        bytes.reserveCapacity(bytes.count + width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let c = color(x, y)
                bytes += [c.r, c.g, c.b]
            }
        }
        return bytes
    }

    /// Runs `arguments` (the program first, found on `PATH`) with its output discarded and waits for it; true on
    /// exit status 0.
    package static func run(_ arguments: [String]) -> Bool {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawnp(&pid, arguments[0], &actions, nil, argv, environ) == 0 else { return false }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return status == 0
    }
}
