import DecoderProcess
import Foundation
import GalleryCore
import GalleryTesting
import Glibc
import ImageDecoders
import ImageLoader
import Testing

@testable import Gallery
@testable import Imaging

extension SDLSerializedTests {
    /// The format libraries a decoder process maps: only those its photos need, loaded before its sandbox goes on, and
    /// a library that cannot be loaded costs its photos an error tile, never the process.
    @Suite struct DecoderLibraryLoadingTests {
        init() throws {
            _ = try SDLTestSession.start()
        }

        /// The shared objects `/proc/<pid>/maps` lists for the process (read to its end: procfs states no size).
        static func mapped(_ pid: Int32) throws -> Set<String> {
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/\(pid)/maps"))
            defer { try? handle.close() }
            let maps = String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
            return Set(
                maps.split(separator: "\n").compactMap { line in
                    line.split(separator: "/").last.map(String.init).flatMap { $0.contains(".so") ? $0 : nil }
                })
        }

        static func maps(_ names: Set<String>, _ library: String) -> Bool {
            names.contains { $0.hasPrefix(library) }
        }

        /// A 64 × 48 JPEG and the HEIC and PNG made from it, in `folder`; the PNG states a gamma, so it is SDL_image's
        /// to decode (`PNGLayout`).
        static func photos(in folder: TemporaryDirectory) throws -> (jpeg: String, heic: String, png: String) {
            let jpeg = try folder.write(
                JPEGFixture.rgb(width: 64, height: 48) { x, _ in
                    x < 32 ? RGBA(r: 200, g: 40, b: 40) : RGBA(r: 40, g: 40, b: 200)
                }, to: "photo.jpg")
            let heic = folder.path("photo.heic")
            try #require(EncodedFixture.encode(jpeg, with: .heic, to: heic, options: []), "heif-enc failed")
            let png = folder.path("photo.png")
            let pixels = try ImageDecoder().decode(.file(path: jpeg), fitting: PixelSize(width: 64, height: 48)).pixels
            let plain = try ImageLoader.png(of: pixels, opaque: true)
            let gamma = plain.prefix(33) + PNGEncoder.chunk("gAMA", [0, 0, 0xB1, 0x8F]) + plain.dropFirst(33)
            try Data(gamma).write(to: URL(fileURLWithPath: png))
            try Data(plain).write(to: URL(fileURLWithPath: folder.path("plain.png")))
            return (jpeg, heic, png)
        }

        static func decode(_ path: String, pool: DecoderPool) -> Result<DecodedPicture, DecodeFailure> {
            Result { () throws(DecodeFailure) -> DecodedPicture in
                try ProcessDecoding.decode(DecoderPoolTests.request(path), pool: pool)
            }
        }

        @Test func aDecoderOfJPEGsMapsNoOtherFormatLibraryUntilAHEICIsAsked() throws {
            let folder = try TemporaryDirectory()
            let (jpeg, heic, png) = try Self.photos(in: folder)
            let pool = DecoderPoolTests.pool(processCount: 1)
            defer { pool.shutdown() }
            // Started and sandboxed (a status request carries no photo, and names no library).
            let status = try pool.ask(DecoderPoolTests.probe(.status)).get()
            let started = try #require(Int32(status.reply.texts.last ?? ""))
            #expect(pool.idleProcessIDs == [started])
            var names = try Self.mapped(started)
            #expect(Self.maps(names, "libturbojpeg"), "\(names.sorted())")
            for library in ["libheif", "libjxl", "libraw", "libSDL2", "libde265", "libdav1d"] {
                #expect(!Self.maps(names, library), "\(library) in \(names.sorted())")
            }
            #expect(try Self.decode(jpeg, pool: pool).get().size == DecoderPoolTests.box)
            // A plain PNG (as the thumbnail cache holds) is libpng's, which every decoder maps: the same process.
            #expect(try Self.decode(folder.path("plain.png"), pool: pool).get().size == DecoderPoolTests.box)
            #expect(pool.idleProcessIDs == [started])
            names = try Self.mapped(started)
            #expect(!Self.maps(names, "libheif") && !Self.maps(names, "libSDL2"), "\(names.sorted())")
            #expect(try DecoderPoolTests.proc(started, "status", "Seccomp:") == ["Seccomp:\t2"])
            // The HEIC needs libheif, which the sandboxed process cannot load now: a new process loads it first.
            #expect(try Self.decode(heic, pool: pool).get().size == DecoderPoolTests.box)
            let heifProcess = try #require(pool.idleProcessIDs.first)
            #expect(heifProcess != started)
            names = try Self.mapped(heifProcess)
            #expect(Self.maps(names, "libheif") && Self.maps(names, "libde265"), "\(names.sorted())")
            #expect(!Self.maps(names, "libjxl") && !Self.maps(names, "libSDL2"), "\(names.sorted())")
            #expect(try DecoderPoolTests.proc(heifProcess, "status", "Seccomp:") == ["Seccomp:\t2"])
            // A PNG then: a process that loads SDL_image and, as the folder mixes formats, libheif too.
            #expect(try Self.decode(png, pool: pool).get().size == DecoderPoolTests.box)
            let mixed = try #require(pool.idleProcessIDs.first)
            names = try Self.mapped(mixed)
            #expect(Self.maps(names, "libSDL2_image") && Self.maps(names, "libheif"), "\(names.sorted())")
            #expect(try Self.decode(heic, pool: pool).get().size == DecoderPoolTests.box)
            #expect(try Self.decode(jpeg, pool: pool).get().size == DecoderPoolTests.box)
            #expect(pool.idleProcessIDs == [mixed])
        }

        @Test func aFirstHEICLoadsLibheifInTheProcessAlreadyStarted() throws {
            let folder = try TemporaryDirectory()
            let (_, heic, _) = try Self.photos(in: folder)
            let pool = DecoderPoolTests.pool(processCount: 1)
            defer { pool.shutdown() }
            let started = try #require(pool.idleProcessIDs.first)
            #expect(try Self.decode(heic, pool: pool).get().size == DecoderPoolTests.box)
            #expect(pool.idleProcessIDs == [started])
            #expect(Self.maps(try Self.mapped(started), "libheif"))
        }

        @Test func aLibraryThatCannotBeLoadedCostsItsPhotosAnErrorNotTheProcess() throws {
            let folder = try TemporaryDirectory()
            let (jpeg, heic, _) = try Self.photos(in: folder)
            var configuration = DecoderPool.Configuration(
                executable: DecoderPool.besideViewer(), processCount: 1, budgetBytes: 512 << 20)
            configuration.testRequests = true
            configuration.decoderArguments = ["--test-unloadable", String(FormatLibrarySet.heif.rawValue)]
            let pool = DecoderPool(configuration)
            defer { pool.shutdown() }
            let started = try #require(pool.idleProcessIDs.first)
            for _ in 0..<2 {
                guard case .failure(let failure) = Self.decode(heic, pool: pool) else {
                    Issue.record("a HEIC decoded without libheif")
                    return
                }
                #expect(failure.reason.message.contains("libheif could not be loaded: "), "\(failure)")
                #expect(failure.reason.message.contains("libgallery-test-unloadable"), "\(failure)")
            }
            #expect(try Self.decode(jpeg, pool: pool).get().size == DecoderPoolTests.box)
            #expect(pool.idleProcessIDs == [started])
        }

        @Test func theRequestCarriesTheLibrariesItsPhotoNeeds() throws {
            var request = DecoderRequest(
                boxWidth: 1, boxHeight: 1, budgetBytes: 0, cpuSeconds: 0, fileExtension: "heic")
            request.libraries = [.heif, .imageLoader]
            request.animationFrame = true
            let decoded = try #require(DecoderRequest(decoding: request.encoded))
            #expect(decoded == request)
            #expect(FormatLibrarySet.needed(for: .jpeg).isEmpty)
            #expect(FormatLibrarySet.needed(for: .avif) == .heif)
            #expect(FormatLibrarySet.needed(for: .png) == .imageLoader)
        }
    }
}
