// libFuzzer target: the thumbnail cache's PNG chunk reader, which reads files other programs wrote into the shared
// cache. Whatever the bytes, it must not crash, read out of bounds or loop; a key it reads must be a key that was
// written (`make fuzz`, docs/RELIABILITY.md).
import Support

@_cdecl("LLVMFuzzerTestOneInput")
public func pngTextFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = PNGChunks.size(of: bytes)
    _ = ThumbnailFacts.read { Array(bytes.prefix($0)) }
    // Written chunks read back, after whatever the input held before them (unless it states a thumbnail's texts of its
    // own after them: the last of a keyword counts, and the cache writes only into PNGs it made).
    guard let texts = PNGChunks.texts(in: bytes), !texts.keys.contains(where: { $0.hasPrefix("Thumb::") }) else {
        return 0
    }
    let key = ThumbnailKey(path: "/fuzz/p.jpg", workingDirectory: "/", modifiedSeconds: texts.count, byteCount: size)
    if let marked = PNGChunks.inserting(key.textChunks(software: "fuzz"), into: bytes),
        !(ThumbnailFacts.read { Array(marked.prefix($0)) }.map(key.isValid) ?? false)
    {
        fatalError("the chunks written after IHDR were not read back: \(PNGChunks.texts(in: marked) ?? [:])")
    }
    return 0
}
