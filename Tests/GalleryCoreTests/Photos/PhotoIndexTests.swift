import Foundation
import GalleryCore
import Testing

@Suite("Photo index")
struct PhotoIndexTests {
    @Test("a folder gives its visible image files in natural order, and nothing else")
    func scansFolder() throws {
        let folder = try TemporaryFolder()
        for name in ["10.jpg", "2.JPG", "1.png", "photo.Tiff", "notes.txt", "README", ".hidden.jpg", "x.qoi", "jpg"] {
            try folder.write(name, "data")
        }
        try folder.makeFolder("sub.jpg")
        try folder.write("sub.jpg/inner.jpg", "data")
        let index = try PhotoIndex(paths: [folder.path])
        #expect(index.photos.map(\.fileName) == ["1.png", "2.JPG", "10.jpg", "photo.Tiff", "x.qoi"])
        #expect(index.photos.allSatisfy { $0.path == folder.path + "/" + $0.fileName })
    }

    @Test("every listed extension is recognised in any case", arguments: PhotoIndex.imageExtensions.sorted())
    func recognisesExtensions(fileExtension: String) {
        #expect(PhotoIndex.hasImageExtension("a." + fileExtension))
        #expect(PhotoIndex.hasImageExtension("a." + fileExtension.uppercased()))
        #expect(!PhotoIndex.hasImageExtension("a." + fileExtension + "x"))
        #expect(!PhotoIndex.hasImageExtension("." + fileExtension))
        #expect(!PhotoIndex.hasImageExtension(fileExtension))
    }

    @Test("links to folders are never followed, so a symlink loop cannot trap the scan")
    func doesNotFollowFolderLinks() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.jpg", "data")
        try folder.makeFolder("elsewhere")
        try folder.write("elsewhere/far.jpg", "data")
        try folder.link("loop.jpg", to: folder.path)
        try folder.link("elsewhere.png", to: folder.path + "/elsewhere")
        try folder.link("self.jpg", to: folder.path + "/self.jpg")
        try folder.link("broken.jpg", to: folder.path + "/missing.jpg")
        try folder.link("b.jpg", to: folder.path + "/elsewhere/far.jpg")
        let index = try PhotoIndex(paths: [folder.path])
        #expect(index.photos.map(\.fileName) == ["a.jpg", "b.jpg"])
    }

    @Test("FIFOs in a folder are skipped, and refused when named, since reading one can block forever")
    func skipsSpecialFiles() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.jpg", "data")
        let fifo = folder.path + "/pipe.jpg"
        #expect(mkfifo(fifo, 0o644) == 0)
        #expect(try PhotoIndex(paths: [folder.path]).photos.map(\.fileName) == ["a.jpg"])
        #expect(throws: PhotoIndexError.notAFileOrFolder(path: fifo)) { try PhotoIndex(paths: [fifo]) }
    }

    @Test("files named explicitly are kept in argument order, whatever their extension")
    func keepsExplicitFiles() throws {
        let folder = try TemporaryFolder()
        let text = try folder.write("notes.txt", "not an image")
        let second = try folder.write("2.jpg", "data")
        let hidden = try folder.write(".hidden.png", "data")
        try folder.makeFolder("more")
        try folder.write("more/b10.png", "data")
        try folder.write("more/b9.png", "data")
        let index = try PhotoIndex(paths: [text, folder.path + "/more/", second, hidden, second])
        #expect(
            index.photos.map(\.path) == [
                text, folder.path + "/more/b9.png", folder.path + "/more/b10.png", second, hidden, second,
            ])
    }

    @Test("a folder without images is an error that says how many entries were examined")
    func reportsFolderWithoutImages() throws {
        let folder = try TemporaryFolder()
        try folder.write("notes.txt")
        try folder.write(".hidden.jpg")
        try folder.makeFolder("sub")
        #expect(throws: PhotoIndexError.noImages(folders: [folder.path], entriesExamined: 3)) {
            try PhotoIndex(paths: [folder.path])
        }
        let empty = try TemporaryFolder()
        let error = PhotoIndexError.noImages(folders: [empty.path], entriesExamined: 0)
        #expect(throws: error) { try PhotoIndex(paths: [empty.path]) }
        #expect(error.description.hasPrefix("no images in \(empty.path): looked at 0 entries, found no visible file"))
        #expect(error.description.contains("jpeg"))
    }

    @Test("an empty folder next to a folder with images is fine")
    func acceptsEmptyFolderAmongOthers() throws {
        let empty = try TemporaryFolder()
        let full = try TemporaryFolder()
        try full.write("a.png")
        #expect(try PhotoIndex(paths: [empty.path, full.path]).photos.map(\.fileName) == ["a.png"])
    }

    @Test(
        "missing paths and an empty argument list are errors",
        arguments: [
            "/definitely/not/here", "relative-missing-folder", "",
        ])
    func reportsMissingPath(path: String) {
        #expect(throws: PhotoIndexError.pathNotFound(path: path)) { try PhotoIndex(paths: [path]) }
        #expect(PhotoIndexError.pathNotFound(path: path).description == "\(path): no such file or folder")
        #expect(throws: PhotoIndexError.noPaths) { try PhotoIndex(paths: []) }
    }

    @Test(
        "an unreadable folder is an error with the system's reason",
        .enabled(if: geteuid() != 0, "root reads any folder, so permissions cannot be tested"))
    func reportsUnreadableFolder() throws {
        let folder = try TemporaryFolder()
        let locked = try folder.makeFolder("locked")
        try folder.write("locked/a.jpg")
        #expect(chmod(locked, 0) == 0)
        defer { chmod(locked, 0o755) }
        #expect(throws: PhotoIndexError.unreadable(path: locked, reason: "Permission denied")) {
            try PhotoIndex(paths: [locked])
        }
    }

    @Test("building the index never changes the folder")
    func neverWrites() throws {
        let folder = try TemporaryFolder()
        for name in ["b.jpg", "a.png", "c.txt", ".h.jpg"] { try folder.write(name, name) }
        try folder.makeFolder("sub")
        try folder.link("loop", to: folder.path)
        let before = try folder.snapshot()
        _ = try PhotoIndex(paths: [folder.path, folder.path + "/c.txt"])
        _ = try? PhotoIndex(paths: [folder.path + "/sub"])
        #expect(try folder.snapshot() == before)
    }

    @Test("the bundled photos folder: the environment first, then an install, then the checkout")
    func locatesBundledPhotos() throws {
        let checkout = try TemporaryFolder()
        try checkout.write("Package.swift")
        try checkout.makeFolder("Assets/Photos")
        try checkout.makeFolder("Sources/GalleryCore/Photos")
        let sourceFile = checkout.path + "/Sources/GalleryCore/Photos/PhotoIndex+BundledPhotos.swift"
        let install = try TemporaryFolder()
        try install.makeFolder("bin")
        try install.makeFolder("share/gallery/Photos")
        let executable = install.path + "/bin/gallery"

        let fromEnvironment = PhotoIndex.bundledPhotosDirectory(
            environment: ["GALLERY_PHOTOS": "/custom/photos"], executablePath: executable, sourceFilePath: sourceFile)
        #expect(fromEnvironment == "/custom/photos")
        let fromInstall = PhotoIndex.bundledPhotosDirectory(
            environment: ["GALLERY_PHOTOS": ""], executablePath: executable, sourceFilePath: sourceFile)
        #expect(fromInstall == install.path + "/bin/../share/gallery/Photos")
        let fromCheckout = PhotoIndex.bundledPhotosDirectory(
            environment: [:], executablePath: checkout.path + "/.build/debug/gallery", sourceFilePath: sourceFile)
        #expect(fromCheckout == checkout.path + "/Assets/Photos")
        let nowhere = PhotoIndex.bundledPhotosDirectory(
            environment: [:], executablePath: nil, sourceFilePath: install.path + "/src/File.swift")
        #expect(nowhere == nil)
    }

    @Test("the real bundled photos are found and indexed")
    func indexesRealBundledPhotos() throws {
        let folder = try #require(PhotoIndex.bundledPhotosDirectory())
        let index = try PhotoIndex(paths: [folder])
        #expect(!index.photos.isEmpty)
        #expect(index.photos.allSatisfy { PhotoIndex.hasImageExtension($0.fileName) })
    }
}

/// Photos whose names do not say, recognised by their first bytes as feh and nsxiv do.
@Suite("Photo index by content")
struct PhotoIndexContentTests {
    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE1, 0, 0x10] + Array("Exif\0\0MM\0*".utf8)
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D] + Array("IHDR".utf8)

    @Test(
        "a file whose name does not say is listed when it starts like a photo; plainly other kinds are never read",
        arguments: [
            ("sugarshack.mpo", jpeg, true), ("b.jpe", jpeg, true), ("c.jfif", jpeg, true), ("d.apng", png, true),
            ("noextension", png, true), ("e.heic1", Array("\0\0\0\u{18}ftypheic\0\0\0\0".utf8), true),
            ("f.pbm2", Array("P4\n8 8\n".utf8), true), ("g.webp1", Array("RIFF\0\0\0\0WEBPVP8 ".utf8), true),
            ("h.tif1", [0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0], true), ("i.jxl1", [0xFF, 0x0A, 0, 0], true),
            ("notes.txt", jpeg, false), ("sidecar.xmp", jpeg, false), ("clip.MP4", jpeg, false),
            ("README", Array("# hello\n".utf8), false), ("empty.mpo", [], false), ("PHRASE", Array("P7 x".utf8), false),
        ])
    func listedByContent(name: String, bytes: [UInt8], listed: Bool) throws {
        let folder = try TemporaryFolder()
        try folder.write("a.jpg", bytes: Self.jpeg)
        try folder.write(name, bytes: bytes)
        let index = try PhotoIndex(paths: [folder.path])
        #expect(index.photos.map(\.fileName).contains(name) == listed)
        #expect(index.photos.map(\.fileName).contains("a.jpg"))
        // Opening one of them lists the same siblings.
        let siblings = try PhotoIndex(paths: [folder.path + "/a.jpg"])
        #expect(siblings.photos.map(\.fileName) == index.photos.map(\.fileName))
    }
}
