import CDecoderAllocation
import CLinux
import DecoderProcess
import Glibc
import ImageDecoders
import ImageLoader
import Imaging

// gallery-decoder: the viewer's decoder process (docs/DESIGN.md). Started by the viewer's `DecoderPool` with its
// socket as descriptor 3; `gallery-decoder --sandbox` puts the sandbox on and prints which layers are on.

let arguments = Array(CommandLine.arguments.dropFirst())
let options = DecoderServer.Options(arguments: arguments)
let decoder = {
    var decoder = ImageDecoder(budget: DecodeBudget(totalBytes: Int(clamping: options.budgetBytes)))
    if let index = arguments.firstIndex(of: "--max-pixels"), index + 1 < arguments.count,
        let pixels = Int(arguments[index + 1])
    {
        decoder.maximumPixelCount = pixels
    }
    decoder.upscales = !arguments.contains("--no-upscale")
    decoder.managesColour = !arguments.contains("--no-color-management")
    return decoder
}()

/// The profile photos are converted to (the viewer's display's, sent with `.outputProfile`); nil: sRGB. Read and
/// written by the request loop alone.
nonisolated(unsafe) var outputProfile: [UInt8]?

/// The one call into the decoder: the job's photo as pixels in shared memory, or why not.
func decodePhoto(_ job: DecodeJob) -> DecodeAnswer {
    var converting = decoder
    converting.outputProfile = outputProfile
    return DecoderSideDecoding.answer(job, decoder: converting)
}

if arguments.first == "--versions" {
    // The format libraries this process decodes with, as loaded (the viewer's `--version` prints the line).
    let jxl = FormatLibraryVersions.libjxlNumber
    let libraries = [
        "SDL_image " + ImageLoader.linkedVersion, "libheif " + FormatLibraryVersions.libheif,
        "libjxl \(jxl / 1_000_000).\(jxl / 1000 % 1000).\(jxl % 1000)", "LibRaw " + FormatLibraryVersions.libRaw,
        "libavif " + FormatLibraryVersions.libavif,
    ]
    print(libraries.joined(separator: ", "))
    exit(0)
}
if arguments.first == "--sandbox" {
    print(DecoderSandbox.enter(budgetBytes: options.budgetBytes).summary)
    exit(0)
}
guard arguments.contains("--serve") else {
    let message =
        "gallery-decoder: started by gallery, not by hand (--sandbox prints the sandbox's layers, --versions the libraries)\n"
    _ = message.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
    exit(2)
}
// The format libraries a photo needs load at the first request, before the sandbox closes the file system
// (`DecoderServer.run`); SDL_image's own format libraries load with SDL_image (`FormatLibraries.load`).
DecoderServer.run(
    options,
    prepare: {
        // One malloc arena: each thread's own would reserve 64 MiB of address space, against the limit.
        _ = mallopt(M_ARENA_MAX, 1)
    },
    sandboxed: { gallery_allocation_arm(1) },
    outputProfile: { outputProfile = $0 },
    decode: decodePhoto)
