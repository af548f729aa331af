import DecoderProcess
import ImageDecoders
import Imaging
import Support

/// A photo's header read in the decoder process, for the viewer (which reads no more of a photo than its 16-byte
/// signature): its `HeaderRecord`, with the format libraries its decode needs, its date taken, a cached thumbnail's
/// facts, and an animation's frame clock.
enum HeaderReading {
    /// What answers `request`, one of the kinds answered with a record: its name for messages, its reply format, and
    /// the reader making the record from the photo at a path.
    static func recordReader(for request: DecoderRequest) -> (
        name: String, format: UInt8, make: (String) -> [UInt8]?
    ) {
        let fileExtension = request.fileExtension
        switch request.kind {
        case .header:
            return ("header", DecoderReply.headerRecordFormat, { record(ofFileAt: $0, fileExtension: fileExtension) })
        case .takenDate: return ("date", DecoderReply.takenDateRecordFormat, takenDateRecord(ofFileAt:))
        case .thumbnailFacts: return ("png", DecoderReply.thumbnailRecordFormat, thumbnailRecord(ofFileAt:))
        case .orientationTag:
            return ("orientation", DecoderReply.orientationTagRecordFormat, orientationTagRecord(ofFileAt:))
        case .animationClock:
            return (
                "animation", DecoderReply.animationRecordFormat,
                { animationRecord(ofFileAt: $0, fileExtension: fileExtension) }
            )
        case .details:
            return (
                "details", DecoderReply.detailsRecordFormat,
                { PhotoDetailsReader.read(path: $0).map(PhotoDetailsRecord.encoded) }
            )
        default:
            return ("record", 0, { _ in nil })  // No other kind answers with a record (`answersWithRecord`).
        }
    }

    /// The record of the photo offered at `path` (its name's extension `fileExtension` tells TGA and camera RAW);
    /// nil when it cannot be opened.
    static func record(ofFileAt path: String, fileExtension: String) -> [UInt8]? {
        guard let file = try? ImageFile(path: path) else { return nil }
        let header = ImageHeader.read(file.read(at:count:), fileExtension: fileExtension)
        let libraries = FormatLibrarySet.needed(for: header.format, read: file.read(at:count:))
        return HeaderRecord.encoded(header, libraries: libraries)
    }

    /// The `TakenDateRecord` of the photo offered at `path`, from its first 64 KiB; nil when it cannot be opened.
    static func takenDateRecord(ofFileAt path: String) -> [UInt8]? {
        guard let file = try? ImageFile(path: path) else { return nil }
        let head = file.read(at: 0, count: ExifTakenDate.headBytes)
        return TakenDateRecord.encoded(seconds: ExifTakenDate.cameraSeconds(inHead: head))
    }

    /// The `ThumbnailRecord` of the cached thumbnail offered at `path` (its first 64 KiB, or 8 MiB when its text
    /// chunks follow the pixels); nil when it cannot be opened or is no PNG.
    static func thumbnailRecord(ofFileAt path: String) -> [UInt8]? {
        guard let file = try? ImageFile(path: path),
            let facts = ThumbnailFacts.read({ file.read(at: 0, count: $0) })
        else { return nil }
        return ThumbnailRecord.encoded(facts)
    }

    /// The `OrientationTagRecord` of the photo offered at `path` (read whole, at most `TurnSaving.maximumBytes`): where
    /// its EXIF orientation tag is, or why it cannot be rewritten; nil when it cannot be opened or read.
    static func orientationTagRecord(ofFileAt path: String) -> [UInt8]? {
        guard let file = try? ImageFile(path: path), file.stamp.byteCount <= 256 << 20, let bytes = try? file.contents()
        else { return nil }
        return OrientationTagRecord.encoded(
            ExifOrientationTag.find(in: bytes).map { OrientationTagEdit($0, in: bytes) })
    }

    /// The `AnimationRecord` of the GIF, WebP, PNG, JPEG XL or AVIF sequence offered at `path` (no frames: not an
    /// animation; libjxl reads a JPEG XL's frame headers alone, libavif an AVIF's sample tables); nil when it cannot be
    /// opened.
    static func animationRecord(ofFileAt path: String, fileExtension: String) -> [UInt8]? {
        guard let file = try? ImageFile(path: path) else { return nil }
        let still = AnimationRecord.encoded(width: 0, height: 0, delays: [], loopCount: 0)
        switch ImageHeader.read(file.read(at:count:), fileExtension: fileExtension).format {
        case .gif?:
            guard let scan = GIFScan(scanning: FileBytes(file)), scan.frameCount > 1 else { return still }
            return AnimationRecord.encoded(
                width: scan.width, height: scan.height, delays: scan.delays, loopCount: scan.loopCount)
        case .webp?:
            guard let bytes = try? file.contents(), let scan = WebPScan(bytes: bytes), scan.isAnimated,
                scan.frameCount > 1
            else { return still }
            return AnimationRecord.encoded(
                width: scan.width, height: scan.height, delays: scan.delays, loopCount: scan.loopCount)
        case .png?:
            guard let bytes = try? file.contents(), let scan = APNGScan(bytes: bytes), scan.isAnimated else {
                return still
            }
            return AnimationRecord.encoded(
                width: scan.width, height: scan.height, delays: scan.delays, loopCount: scan.loopCount)
        case .jxl?:
            guard file.stamp.byteCount <= 256 << 20, let bytes = try? file.contents(),
                let scan = bytes.withUnsafeBytes({ JXLAnimationScan(bytes: $0) }), scan.frameCount > 1
            else { return still }
            return AnimationRecord.encoded(
                width: scan.size.width, height: scan.size.height, delays: scan.delays, loopCount: scan.loopCount)
        case .avif?:
            // A still AVIF (no `avis` brand) is read no further, and loads no libavif.
            guard ImageHeader.isAVIFSequence(file.read(at:count:)), file.stamp.byteCount <= 256 << 20,
                let bytes = try? file.contents(), let scan = bytes.withUnsafeBytes({ AVIFSequence.scan($0) })
            else { return still }
            return AnimationRecord.encoded(
                width: scan.canvas.width, height: scan.canvas.height, delays: scan.delays, loopCount: 0)
        default:
            return still
        }
    }
}
