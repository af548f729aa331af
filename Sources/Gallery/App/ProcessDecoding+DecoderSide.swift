import DecoderProcess
import Imaging

#if canImport(Glibc)
import Glibc
#endif

/// The decoder process's side: a job decoded with today's `ImageDecoder`, its surface copied once into shared memory.
public enum DecoderSideDecoding {
    /// The answer to `job`, decoded by `decoder` through the job's brokered path.
    public static func answer(_ job: DecodeJob, decoder: ImageDecoder) -> DecodeAnswer {
        let request = job.request
        let region = request.region.map {
            PixelRect(x: Int($0[0]), y: Int($0[1]), width: Int($0[2]), height: Int($0[3]))
        }
        let box = PixelSize(width: Int(request.boxWidth), height: Int(request.boxHeight))
        let surface: Surface
        do {
            if request.preview {
                guard let preview = decoder.preview(.file(path: job.path), fitting: box) else {
                    return .failure(code: DecodeFailureCode.encode(.unrecognisedFormat).code, texts: [])
                }
                surface = preview
            } else {
                surface = try decoder.decode(
                    .file(path: job.path), fitting: box, region: region, animated: request.animated)
            }
        } catch {
            let (code, texts) = DecodeFailureCode.encode(error.reason)
            return .failure(code: code, texts: texts)
        }
        do {
            let converted = surface.hasStandardFormat ? surface : try surface.converted()
            let buffer = try job.makeBuffer(
                converted.width, converted.height, converted.isOpaque ? .xrgb8888 : .argb8888)
            ProcessDecoding.copy(converted, into: buffer)
            return .pixels(buffer, notes: [surface.damageNote ?? "", surface.animationNote ?? ""])
        } catch let error as PixelBufferError {
            if case .outOfMemory = error { return .failure(code: DecoderReply.memoryLimitFailureCode, texts: []) }
            return .failure(code: 8, texts: [error.description])
        } catch {
            return .failure(code: 8, texts: ["\(error)"])
        }
    }
}

extension ProcessDecoding {
    /// Copies the pixels of `surface` (in the standard format) into `buffer`, of the same size.
    public static func copy(_ surface: Surface, into buffer: PixelBuffer) {
        let source = surface.handle.pointee.pixels!
        let pitch = Int(surface.handle.pointee.pitch)
        let rowBytes = min(surface.width, buffer.width) * 4
        for y in 0..<min(surface.height, buffer.height) { memcpy(buffer.row(y), source + y * pitch, rowBytes) }
    }
}
