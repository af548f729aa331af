// libFuzzer target: image header sniffing, compiled together with the header reader's own source files (see
// FUZZ_HEADER_SOURCES in the Makefile), so only `sniff` below names it: repoint both when the header guard moves.
// Any bytes must give a format and size or nothing, never trap or read out of bounds (`make fuzz`).
import CSDL2

/// The header reader under test, on one in-memory file.
func sniff(_ stream: UnsafeMutablePointer<SDL_RWops>) {
    let header = ImageHeader.read(from: stream)
    if let size = header.size, size.width < 0 || size.height < 0 {
        fatalError("negative size \(size) from a \(header.format?.rawValue ?? "unknown") header")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func imageHeaderFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard let stream = SDL_RWFromConstMem(data, Int32(size)) else { return 0 }
    defer { SDL_RWclose(stream) }
    sniff(stream)
    return 0
}
