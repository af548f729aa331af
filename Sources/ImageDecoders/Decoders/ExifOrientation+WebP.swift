import CWebPDemux
import Imaging

extension ExifOrientation {
    /// The orientation a WebP file's `EXIF` chunk states (`.up` without one), found by libwebp's demuxer. The WebP
    /// container specification has the chunk hold the TIFF structure alone; some writers put a JPEG's `Exif\0\0`
    /// header before it, which libexif accepts too.
    package static func read(webp bytes: UnsafeRawBufferPointer) -> ExifOrientation {
        var file = WebPData(bytes: bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), size: bytes.count)
        guard let demuxer = WebPDemux(&file) else { return .up }
        defer { WebPDemuxDelete(demuxer) }
        var iterator = WebPChunkIterator()
        guard WebPDemuxGetChunk(demuxer, "EXIF", 1, &iterator) != 0 else { return .up }
        defer { WebPDemuxReleaseChunkIterator(&iterator) }
        guard let base = iterator.chunk.bytes, iterator.chunk.size >= 8 else { return .up }
        let exif = Array(UnsafeBufferPointer(start: base, count: iterator.chunk.size))
        let data = exif.starts(with: Array("Exif\0\0".utf8)) ? exif : Array("Exif\0\0".utf8) + exif
        return data.withUnsafeBytes { read(jpeg: $0) }
    }
}
