import DecoderProcess
import GalleryCore
import ImageDecoders
import Imaging

#if canImport(Glibc)
import Glibc
#endif

/// The viewer's side of decoding in decoder processes: it opens each photo itself (read-only, on its decode thread),
/// sends the descriptor to a `DecoderPool` process, and keeps the pixels that come back in shared memory where they
/// are: the picture's storage is the mapped memfd, which its texture is uploaded from.
public enum ProcessDecoding {
    /// The picture `request` asks for, decoded by a process of `pool`; generated pages are made here by `inline`
    /// (they read no file).
    public static func decode(_ request: DecodeRequest, pool: DecoderPool, inline: ImageDecoder) throws(DecodeFailure)
        -> DecodedPicture
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
        // The pixels are kept: the process is told so, and writes its next reply into new memory.
        switch pool.decode(descriptor: file.descriptor, request: message, deadline: deadline) {
        case .failure(let fault): throw failure(.decoderStopped(fault.message))
        case .success(let answer):
            guard answer.reply.succeeded, let pixels = answer.pixels else {
                throw failure(DecodeFailureCode.decode(code: answer.reply.failureCode, texts: answer.reply.texts))
            }
            return picture(pixels, notes: answer.reply.texts)
        }
    }

    /// The first picture of a page `request` asks for (a HEIF thumbnail, fitted), from a process of `pool`; nil when
    /// the file has none. Asked only for names a HEIF or AVIF file has: other pages cost no extra round trip.
    public static func preview(_ request: DecodeRequest, pool: DecoderPool) -> DecodedPicture? {
        guard case .file(let path) = request.source, request.region == nil, ImageDecoder.mayHavePreview(path: path),
            let file = try? ImageFile(path: path)
        else { return nil }
        let name = path.split(separator: "/").last ?? ""
        var message = DecoderRequest(
            boxWidth: Int32(clamping: request.box.width), boxHeight: Int32(clamping: request.box.height),
            budgetBytes: 0, cpuSeconds: 0, fileExtension: name.split(separator: ".").last.map { $0.lowercased() } ?? "")
        message.preview = true
        guard case .success(let answer) = pool.decode(descriptor: file.descriptor, request: message),
            answer.reply.succeeded, let pixels = answer.pixels
        else { return nil }
        return picture(pixels, notes: answer.reply.texts)
    }

    /// `pixels` with the notes a reply carries (damage, then animation; empty: none).
    static func picture(_ pixels: PixelBuffer, notes: [String]) -> DecodedPicture {
        DecodedPicture(
            pixels: pixels, damageNote: notes.first.flatMap { $0.isEmpty ? nil : $0 },
            animationNote: notes.count > 1 && !notes[1].isEmpty ? notes[1] : nil)
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

    /// A worker of `threadCount` threads whose decodes go to `pool` (generated pages are made by `inline`), converting
    /// to `displayProfile` when given: the pool sends each process the profile before its next decode, and a decode
    /// that began under an older profile is done again (`DisplayProfile.decode(with:_:)`).
    static func worker(
        pool: DecoderPool, inline: ImageDecoder, displayProfile: DisplayProfile? = nil, threadCount: Int,
        wakeEventType: UInt32?, decodesAlone: Bool = false
    ) -> DecodeWorker {
        DecodeWorker(
            threadCount: threadCount, wakeEventType: wakeEventType, budget: inline.budget, decodesAlone: decodesAlone
        ) { request throws(DecodeFailure) in
            guard let displayProfile else { return try decode(request, pool: pool, inline: inline) }
            return try displayProfile.decode(with: inline) { decoder throws(DecodeFailure) in
                pool.setOutputProfile(decoder.outputProfile)
                return try decode(request, pool: pool, inline: decoder)
            }
        } preview: { request in
            preview(request, pool: pool)
        }
    }
}
