import DecoderProcess
import Glibc
import ImageDecoders
import Imaging

/// The decoder process's side: a job decoded by `ImageDecoder` straight into shared memory, which goes to the viewer
/// as it is.
public enum DecoderSideDecoding {
    /// The answer to `job`, decoded by `decoder` through the job's offered path (`OfferedPhoto`). The decoder fits the
    /// picture straight into the viewer's memory the request names (`ImageDecoder.sharesPixels`: a reply slot the viewer
    /// does not hold, or the reply's own memory); a picture shown at its decoded size (no fit) is copied once into it
    /// (`sharedCopy`).
    public static func answer(_ job: DecodeJob, decoder: ImageDecoder) -> DecodeAnswer {
        let request = job.request
        let region = request.region.map {
            PixelRect(x: Int($0[0]), y: Int($0[1]), width: Int($0[2]), height: Int($0[3]))
        }
        let box = PixelSize(width: Int(request.boxWidth), height: Int(request.boxHeight))
        var sharing = decoder
        sharing.sharesPixels = true
        let picture: DecodedPicture
        if request.animationFrame { return animationFrame(job, decoder: decoder, box: box) }
        do {
            if request.thumbnailPNG {
                // A thumbnail cache's PNG: fitted, not enlarged, sRGB, encoded here (libpng, sandboxed).
                let side = max(box.width, box.height)
                return .encoded(try decoder.thumbnailPNG(of: .file(path: job.path), side: side) ?? [])
            }
            if request.preview {
                // Only the page's first picture: a HEIF or AVIF file's embedded thumbnail, fitted.
                guard let preview = decoder.preview(.file(path: job.path), fitting: box) else {
                    return .failure(code: DecodeFailureCode.encode(.unrecognisedFormat).code, texts: [])
                }
                picture = preview
            } else {
                picture = try sharing.decode(
                    .file(path: job.path), fitting: box, region: region, animated: request.animated)
            }
        } catch {
            let (code, texts) = DecodeFailureCode.encode(error.reason)
            return .failure(code: code, texts: texts)
        }
        let notes = [picture.damageNote ?? "", picture.animationNote ?? ""]
        if picture.pixels.storage.sharedMemory != nil { return .pixels(picture.pixels, notes: notes) }
        do {
            let pixels = picture.pixels
            let buffer = try sharedCopy(of: pixels)
            return .pixels(buffer, notes: notes)
        } catch {
            if case .outOfMemory = error { return .failure(code: DecoderReply.memoryLimitFailureCode, texts: []) }
            return .failure(code: 8, texts: [error.description])
        }
    }

    /// The open animation: the file it plays (device and inode of the descriptor sent) and its frame source, made as
    /// the inline path makes it (`ImageDecoder.reopenedSource`: same fitting, colour and orientation). One per process,
    /// kept while requests for that file keep coming; read and written by the request loop alone.
    nonisolated(unsafe) private static var session: (file: [UInt64], box: PixelSize, source: any AnimationFrameSource)?

    /// Frame `job.request.frameIndex` of the animation sent, from the session's source (opened for a new file), copied
    /// into the job's shared buffer like a page.
    static func animationFrame(_ job: DecodeJob, decoder: ImageDecoder, box: PixelSize) -> DecodeAnswer {
        var status = stat()
        guard fstat(job.descriptor, &status) == 0 else {
            return .failure(code: DecodeFailureCode.encode(.unreadable("no file sent")).code, texts: [])
        }
        let file = [UInt64(status.st_dev), UInt64(status.st_ino), UInt64(status.st_size)]
        let pixels: PixelBuffer
        do throws(DecodeFailure.Reason) {
            if session == nil || session?.file != file || session?.box != box {
                session = nil
                let opened = try ImageFile(path: job.path)
                let header = ImageHeader.read(
                    { opened.read(at: $0, count: $1) }, fileExtension: job.request.fileExtension)
                guard let format = header.format, format.mayAnimate else {
                    throw .processingFailed("not an animation")
                }
                let source = try decoder.reopenedSource(
                    format, path: job.path, header: header, fileExtension: job.request.fileExtension, box: box)
                session = (file, box, source)
            }
            pixels = try session!.source.frame(Int(job.request.frameIndex))
        } catch {
            session = nil
            let (code, texts) = DecodeFailureCode.encode(error)
            return .failure(code: code, texts: texts)
        }
        do {
            let buffer = try sharedCopy(of: pixels)
            return .pixels(buffer, notes: ["", ""])
        } catch {
            if case .outOfMemory = error { return .failure(code: DecoderReply.memoryLimitFailureCode, texts: []) }
            return .failure(code: 8, texts: [error.description])
        }
    }

    /// `source`'s pixels copied into the request's reply memory (the place the request names, when no buffer of the
    /// decode took it; else private memory, which the reply copies into the place), for a reply.
    static func sharedCopy(of source: PixelBuffer) throws(PixelBufferError) -> PixelBuffer {
        let buffer = try PixelBuffer(width: source.width, height: source.height, format: source.format, shared: true)
        for y in 0..<source.height { memcpy(buffer.row(y), source.row(y), source.width * 4) }
        return buffer
    }
}
