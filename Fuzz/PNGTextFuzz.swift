// libFuzzer target: the thumbnail cache's PNG chunk reader, which reads files other programs wrote into the shared
// cache. Whatever the bytes, it must not crash, read out of bounds or loop; a key it reads must be a key that was
// written (`make fuzz`, docs/RELIABILITY.md).
import GalleryCore

@_cdecl("LLVMFuzzerTestOneInput")
public func pngTextFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = PNGChunks.size(of: bytes)
    guard let texts = PNGChunks.texts(in: bytes) else { return 0 }
    // Written chunks read back, after whatever the input held before them.
    let key = ThumbnailKey(path: "/fuzz/p.jpg", workingDirectory: "/", modifiedSeconds: texts.count, byteCount: size)
    if let marked = PNGChunks.inserting(key.textChunks(software: "fuzz"), into: bytes),
        let read = PNGChunks.texts(in: marked), !key.isValid(texts: read)
    {
        fatalError("the chunks written after IHDR were not read back: \(read)")
    }
    return 0
}
