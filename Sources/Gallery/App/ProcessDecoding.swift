import DecoderProcess
import GalleryCore
import Imaging

#if canImport(Glibc)
import Glibc
#endif

/// The viewer's side of decoding in decoder processes: it opens each photo itself (read-only, on its decode thread),
/// sends the descriptor to a `DecoderPool` process, and makes the pixels that come back in shared memory a `Surface`.
public enum ProcessDecoding {
    /// The picture `request` asks for, decoded by a process of `pool`; generated pages are made here by `inline`
    /// (they read no file).
    public static func decode(_ request: DecodeRequest, pool: DecoderPool, inline: ImageDecoder) throws(DecodeFailure)
        -> Surface
    {
        guard case .file(let path) = request.source else {
            return try inline.decode(
                request.source, fitting: request.box, region: request.region, animated: request.purpose != .picture)
        }
        func failure(_ reason: DecodeFailure.Reason) -> DecodeFailure {
            DecodeFailure(source: request.source, reason: reason)
        }
        let file: ImageFile
        do throws(DecodeFailure.Reason) {
            file = try ImageFile(path: path)
        } catch {
            throw failure(error)
        }
        let name = path.split(separator: "/").last ?? ""
        let fileExtension = name.contains(".") ? name.split(separator: ".").last.map { $0.lowercased() } ?? "" : ""
        // The header read here (the head the guard reads is cached, so it costs one read) sets how long the decoder
        // may take: a file whose decode work dwarfs the picture it states is stopped in about a second.
        let stated = ImageHeader.read(file.read(at:count:), fileExtension: fileExtension).size
        let deadline = DecodeDeadline.seconds(statedPixels: stated?.area)
        let message = DecoderRequest(
            boxWidth: Int32(clamping: request.box.width), boxHeight: Int32(clamping: request.box.height),
            region: request.region.map {
                [$0.x, $0.y, $0.width, $0.height].map { Int32(clamping: $0) }
            }, animated: request.purpose != .picture, budgetBytes: 0, cpuSeconds: 0, fileExtension: fileExtension)
        PhotoFileAccess.willAccess(path)
        // The pixels are copied into a surface before the process goes back to the pool, which lets it reuse them.
        let outcome = pool.decode(descriptor: file.descriptor, request: message, deadline: deadline) {
            answer -> Result<Surface, DecodeFailure.Reason> in
            guard answer.reply.succeeded, let pixels = answer.pixels else {
                return .failure(DecodeFailureCode.decode(code: answer.reply.failureCode, texts: answer.reply.texts))
            }
            do throws(SDLError) {
                let surface = try surface(of: pixels)
                let notes = answer.reply.texts
                surface.damageNote = notes.first.flatMap { $0.isEmpty ? nil : $0 }
                surface.animationNote = notes.count > 1 && !notes[1].isEmpty ? notes[1] : nil
                return .success(surface)
            } catch {
                return .failure(.processingFailed(error.message))
            }
        }
        switch outcome {
        case .failure(let fault): throw failure(.decoderStopped(fault.message))
        case .success(.failure(let reason)): throw failure(reason)
        case .success(.success(let surface)): return surface
        }
    }

    /// The first picture of a page `request` asks for (a HEIF thumbnail, fitted), from a process of `pool`; nil when
    /// the file has none. Asked only for names a HEIF or AVIF file has: other pages cost no extra round trip.
    public static func preview(_ request: DecodeRequest, pool: DecoderPool) -> Surface? {
        guard case .file(let path) = request.source, request.region == nil, ImageDecoder.mayHavePreview(path: path),
            let file = try? ImageFile(path: path)
        else { return nil }
        let name = path.split(separator: "/").last ?? ""
        var message = DecoderRequest(
            boxWidth: Int32(clamping: request.box.width), boxHeight: Int32(clamping: request.box.height),
            budgetBytes: 0, cpuSeconds: 0, fileExtension: name.split(separator: ".").last.map { $0.lowercased() } ?? "")
        message.preview = true
        let outcome = pool.decode(descriptor: file.descriptor, request: message) { answer -> Surface? in
            guard answer.reply.succeeded, let pixels = answer.pixels else { return nil }
            return try? surface(of: pixels)
        }
        return try? outcome.get()
    }

    /// A surface holding `pixels`. One copy, until surfaces can be made over shared memory.
    public static func surface(of pixels: PixelBuffer) throws(SDLError) -> Surface {
        let surface = try Surface.uninitialized(
            width: pixels.width, height: pixels.height, opaque: pixels.format.isOpaque)
        let target = surface.handle.pointee.pixels!
        let pitch = Int(surface.handle.pointee.pitch)
        let rowBytes = pixels.width * 4
        if pitch == pixels.stride {
            memcpy(target, pixels.storage.bytes, pitch * (pixels.height - 1) + rowBytes)
        } else {
            for y in 0..<pixels.height { memcpy(target + y * pitch, pixels.row(y), rowBytes) }
        }
        return surface
    }
}

extension ProcessDecoding {
    /// A pool of `processCount` decoder processes (`gallery-decoder` beside the running executable) decoding as
    /// `decoder` does, within its budget; started now.
    public static func makePool(decoder: ImageDecoder, processCount: Int) -> DecoderPool {
        var configuration = DecoderPool.Configuration(
            executable: DecoderPool.besideViewer(), processCount: processCount,
            budgetBytes: UInt64(decoder.budget.totalBytes))
        configuration.decoderArguments = ["--max-pixels", String(decoder.maximumPixelCount)]
        if !decoder.upscales { configuration.decoderArguments.append("--no-upscale") }
        if !decoder.managesColour { configuration.decoderArguments.append("--no-color-management") }
        return DecoderPool(configuration)
    }

    /// A worker of `threadCount` threads whose decodes go to `pool` (generated pages are made by `inline`).
    static func worker(
        pool: DecoderPool, inline: ImageDecoder, threadCount: Int, wakeEventType: UInt32?, decodesAlone: Bool = false
    ) -> DecodeWorker {
        DecodeWorker(
            threadCount: threadCount, wakeEventType: wakeEventType, budget: inline.budget, decodesAlone: decodesAlone
        ) { request throws(DecodeFailure) in
            try decode(request, pool: pool, inline: inline)
        } preview: { request in
            preview(request, pool: pool)
        }
    }
}
