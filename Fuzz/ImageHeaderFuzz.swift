// libFuzzer target: image header sniffing (Imaging's ImageHeader), which only `sniff` below names: repoint it when the
// header guard moves. Any bytes must give a format and size or nothing, never trap or read out of bounds (`make fuzz`).
import Imaging

/// The header reader under test, on one in-memory file, with and without the extension that turns on TGA sniffing.
func sniff(_ bytes: [UInt8]) {
    for fileExtension in ["", "tga"] {
        let header = ImageHeader.read(bytes: bytes, fileExtension: fileExtension)
        if let size = header.size, size.width < 0 || size.height < 0 {
            fatalError("negative size \(size) from a \(header.format?.rawValue ?? "unknown") header")
        }
        // The plausibility bound reads the same bytes again: it must never trap either, and never be negative.
        let reader: ImageHeader.Reader = { offset, count in
            guard offset >= 0, offset < bytes.count, count > 0 else { return [] }
            return Array(bytes[offset..<min(offset + count, bytes.count)])
        }
        if let format = header.format, let size = header.size,
            let fewest = ImageHeader.fewestBytes(holding: size, format: format, reader), fewest < 0
        {
            fatalError("negative bound \(fewest) for a \(format.rawValue) header of \(size)")
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func imageHeaderFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    sniff(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
