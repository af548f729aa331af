import Dispatch
import GalleryCore
import GalleryScene
import Imaging
import Support

/// Ctrl+C in a window: the photo's picture as `image/png` besides its URI (`text/uri-list`,
/// `x-special/gnome-copied-files`) and its path (`text/plain`, `UTF8_STRING`), on the window system's selection.
///
/// The path and URI are offered at once; the picture is decoded and encoded as PNG by a decoder process (sandboxed,
/// `PictureDecoding.thumbnailPNG`: upright by its EXIF orientation, in sRGB, at its own size but never over
/// `longestSide` pixels a side), one at a time on a queue of its own, so the frame loop never waits for it; a paste
/// asking for the picture before it is ready waits for it. A copy made while another is encoded supersedes it: only
/// the latest is encoded and served.
@MainActor
final class PictureClipboard: ClipboardService {
    /// The longest side of the picture copied, in pixels: larger photos are reduced to it (a 24-megapixel camera's
    /// 6000 × 4000 is copied whole). It bounds what the gallery holds for the clipboard, and the decoder's time.
    nonisolated static let longestSide = 8192
    /// The MIME type the picture is offered as.
    nonisolated static let pictureTarget = "image/png"

    private let selection: any ClipboardSelection
    private let decoder: any PictureDecoding
    private let queue = DispatchQueue(label: "gallery-clipboard")
    private struct Shared {
        /// The latest offer: a picture for an older one is not made.
        var latest: UInt64 = 0
        var notices: [String] = []
        /// Set by `close()`: nothing more is handed to the selection.
        var closed = false
    }
    private let shared = LockedState(Shared())

    /// A clipboard on `selection` whose pictures `decoder` makes.
    init(selection: any ClipboardSelection, decoder: any PictureDecoding) {
        self.selection = selection
        self.decoder = decoder
    }

    func copy(_ file: ClipboardFile, wake: @escaping @Sendable () -> Void) -> String {
        let path = file.pathBytes
        let targets: [(name: String, bytes: [UInt8]?)] = [
            (Self.pictureTarget, nil), ("text/uri-list", file.uriList),
            ("x-special/gnome-copied-files", file.gnomeCopiedFiles), ("UTF8_STRING", path),
            ("text/plain;charset=utf-8", path), ("text/plain", path),
        ]
        guard let offer = selection.offer(targets) else { return "Ctrl+C: the clipboard could not be taken" }
        shared.withLock { $0.latest = offer }
        queue.async { [decoder, selection, shared] in
            guard shared.withLock({ $0.latest == offer && !$0.closed }) else { return }
            let png: [UInt8]?
            let failure: String?
            do throws(DecodeFailure) {
                png = try decoder.thumbnailPNG(of: .file(path: file.path), side: Self.longestSide)
                failure = png?.isEmpty ?? true ? "it could not be encoded" : nil
            } catch {
                png = nil
                failure = error.reason.message
            }
            let size = png.flatMap(Self.pictureSize)
            let notice = shared.withLock { state -> String? in
                guard state.latest == offer, !state.closed else { return nil }
                selection.provide(offer, target: Self.pictureTarget, bytes: size == nil ? nil : png)
                let notice = Self.notice(size: size, failure: failure)
                state.notices.append(notice)
                return notice
            }
            if notice != nil { wake() }
        }
        return "copied the path; making the picture: \(file.path)"
    }

    func takeNotices() -> [String] {
        shared.withLock { state in
            defer { state.notices = [] }
            return state.notices
        }
    }

    /// Stops serving the clipboard; a picture being made is dropped when done.
    func close() {
        shared.withLock { state in
            state.closed = true
            selection.close()
        }
    }

    /// What the information line says once the picture is made, or why it is not.
    nonisolated static func notice(size: PixelSize?, failure: String?) -> String {
        guard let size else { return "copied the path; not the picture: \(failure ?? "it could not be encoded")" }
        let reduced = max(size.width, size.height) >= longestSide ? ", reduced to \(longestSide) px a side" : ""
        return "copied the picture (\(size.width)×\(size.height)\(reduced)) and its path"
    }

    /// The width and height a PNG's header (IHDR, right after the signature) gives; nil for bytes that are not one.
    nonisolated static func pictureSize(of png: [UInt8]) -> PixelSize? {
        guard png.count >= 24, png.prefix(8).elementsEqual(PNGEncoder.signature),
            png[12..<16].elementsEqual(Array("IHDR".utf8))
        else { return nil }
        func number(at index: Int) -> Int { png[index..<index + 4].reduce(0) { $0 << 8 | Int($1) } }
        let size = PixelSize(width: number(at: 16), height: number(at: 20))
        return size.width > 0 && size.height > 0 ? size : nil
    }
}
