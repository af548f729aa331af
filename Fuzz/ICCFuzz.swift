// libFuzzer target: the embedded colour readers (EmbeddedColour: JPEG APP2 ICC_PROFILE segments, PNG iCCP/gAMA/cHRM/
// sRGB, WebP ICCP, TIFF tag 34675; Imaging). Any bytes must give a statement or nil within the profile size limit,
// never trap or read outside the input (`make fuzz`).
import Imaging

@_cdecl("LLVMFuzzerTestOneInput")
public func iccFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    for colour in [EmbeddedColour.read(jpeg: bytes), .read(png: bytes), .read(webp: bytes), .read(tiff: bytes)] {
        switch colour {
        case .icc(let profile)?, .compressedICC(let profile)?:
            precondition(!profile.isEmpty && profile.count <= size)
        case .primaries(let xy, _)?:
            precondition(xy.count == 8)
        case nil:
            break
        }
    }
    _ = PNGChunks(bytes: bytes).reduce(0) { $0 + $1.1.count }
    return 0
}
