import Foundation
import GalleryCore
import Support
import Testing

/// The shared thumbnail cache's names, text chunks, validity rules and writes (the freedesktop standard).
@Suite("Thumbnail cache")
struct ThumbnailCacheTests {
    /// Paths and the URIs GLib's `g_filename_to_uri` gives them (GLib 2.74, through python3-gi), so GNOME Files,
    /// eog and gallery name the same photo's thumbnails alike.
    static let glibURIs: [(String, String)] = [
        ("/home/jens/photos/me.png", "file:///home/jens/photos/me.png"),
        ("/a b/ü~x_y-z.JPG", "file:///a%20b/%C3%BC~x_y-z.JPG"),
        ("/100%/#1?&.png", "file:///100%25/%231%3F&.png"),
        ("/p/IMG_001 (1).jpg", "file:///p/IMG_001%20(1).jpg"),
        ("/p/it's!.jpg", "file:///p/it's!.jpg"),
        ("/p/a*b+c=d,e@f$g&h.png", "file:///p/a*b+c=d,e@f$g&h.png"),
        ("/p/x;y.jpg", "file:///p/x%3By.jpg"),
        ("/p/a:b.jpg", "file:///p/a:b.jpg"),
        ("/p/[1]{2}<3>|^`\\\"4.jpg", "file:///p/%5B1%5D%7B2%7D%3C3%3E%7C%5E%60%5C%224.jpg"),
        ("/p/tab\tnl\n.jpg", "file:///p/tab%09nl%0A.jpg"),
    ]

    @Test("a file URI is escaped as GLib escapes it", arguments: glibURIs)
    func fileURI(path: String, uri: String) {
        #expect(ThumbnailURI.fileURI(forAbsolutePath: path) == uri)
    }

    @Test(
        "relative paths are made absolute, with . and .. applied",
        arguments: [
            ("a.jpg", "/w/d", "/w/d/a.jpg"), ("./x/../b.jpg", "/w", "/w/b.jpg"), ("/p//q/./r.png", "/w", "/p/q/r.png"),
        ])
    func absolutePath(path: String, folder: String, absolute: String) {
        #expect(ThumbnailURI.absolutePath(path, workingDirectory: folder) == absolute)
    }

    @Test("the file name is the MD5 of the URI (the standard's own example)")
    func standardExample() {
        let key = ThumbnailKey(
            path: "/home/jens/photos/me.png", workingDirectory: "/", modifiedSeconds: 1, byteCount: 2)
        #expect(key.fileName == "c6ee772d9e49320e97ec29a7eb5b1697.png")
        #expect(MD5Digest.hex(of: Array("".utf8)) == "d41d8cd98f00b204e9800998ecf8427e")
    }

    @Test(
        "the size written is the smallest at least as large as needed; lookups go up, then down",
        arguments: [
            (100, ThumbnailFlavour.normal, [ThumbnailFlavour.normal, .large, .xLarge, .xxLarge]),
            (200, .large, [.large, .xLarge, .xxLarge, .normal]),
            (2000, .xxLarge, [.xxLarge, .xLarge, .large, .normal]),
        ])
    func flavours(needed: Int, written: ThumbnailFlavour, order: [ThumbnailFlavour]) {
        #expect(ThumbnailFlavour.forWriting(needed: needed) == written)
        #expect(ThumbnailFlavour.lookupOrder(needed: needed) == order)
    }

    @Test("text chunks written are read back; a bad CRC, a truncation and junk are survived")
    func textChunks() throws {
        let chunks = [
            PNGChunks.textChunk(keyword: "Thumb::URI", text: "file:///x.jpg"),
            PNGChunks.textChunk(keyword: "Thumb::MTime", text: "12"),
        ]
        let png = PNGChunks.solid(width: 3, height: 2, red: 1, green: 2, blue: 3, chunks: chunks)
        #expect(PNGChunks.texts(in: png) == ["Thumb::URI": "file:///x.jpg", "Thumb::MTime": "12"])
        #expect(PNGChunks.size(of: png)?.width == 3)
        var damaged = png
        damaged[33 + 8] ^= 0xFF  // A byte inside the first tEXt chunk: its CRC no longer matches.
        #expect(PNGChunks.texts(in: damaged) == ["Thumb::MTime": "12"])
        #expect(PNGChunks.texts(in: Array(png.prefix(40))) == [:])
        #expect(PNGChunks.texts(in: Array("not a png at all, not at all, no".utf8)) == nil)
        var huge = png
        huge[33...36] = [0xFF, 0xFF, 0xFF, 0xF0]  // A length far beyond the file.
        #expect(PNGChunks.texts(in: huge) == [:])
    }

    @Test(
        "PNG spec 1.2 §4.2.3: text chunks may follow IDAT; a thumbnail with them there is found, small or large",
        arguments: [16, 256])
    func textAfterPixels(side: Int) throws {
        let folder = try TemporaryFolder()
        let cache = ThumbnailCache(root: folder.path + "/thumbnails", version: "1")
        let key = ThumbnailKey(path: "/photos/b.jpg", workingDirectory: "/", modifiedSeconds: 8, byteCount: 3)
        let texts = [
            PNGChunks.textChunk(keyword: "Thumb::URI", text: "file:///photos/b.jpg"),
            PNGChunks.textChunk(keyword: "Thumb::MTime", text: "8"),
        ]
        // As ImageMagick writes them: the text chunks between the last IDAT and IEND.
        let png = PNGChunks.solid(width: side, height: side, red: 4, green: 5, blue: 6, trailing: texts)
        #expect(PNGChunks.texts(in: png) == ["Thumb::URI": "file:///photos/b.jpg", "Thumb::MTime": "8"])
        try FileManager.default.createDirectory(
            atPath: folder.path + "/thumbnails/large", withIntermediateDirectories: true)
        let path = folder.path + "/thumbnails/large/" + key.fileName
        try Data(png).write(to: URL(fileURLWithPath: path))
        #expect(cache.lookup(key, needed: 200, facts: ThumbnailCache.facts(ofFileAt:))?.path == path)
        var changed = key
        changed.modifiedSeconds = 9
        #expect(cache.lookup(changed, needed: 200, facts: ThumbnailCache.facts(ofFileAt:)) == nil)
    }

    @Test(
        "a thumbnail is valid when its URI and MTime match, and its Size when stated",
        arguments: [
            (["Thumb::URI": "file:///p.jpg", "Thumb::MTime": "100"], true),
            (["Thumb::URI": "file:///p.jpg", "Thumb::MTime": "100", "Thumb::Size": "7"], true),
            (["Thumb::URI": "file:///p.jpg", "Thumb::MTime": "100.0"], true),
            (["Thumb::URI": "file:///p.jpg", "Thumb::MTime": "101"], false),
            (["Thumb::URI": "file:///p.jpg", "Thumb::MTime": "100", "Thumb::Size": "8"], false),
            (["Thumb::URI": "file:///q.jpg", "Thumb::MTime": "100"], false),
            (["Thumb::MTime": "100"], false),
        ])
    func validity(texts: [String: String], valid: Bool) throws {
        let key = ThumbnailKey(path: "/p.jpg", workingDirectory: "/", modifiedSeconds: 100, byteCount: 7)
        let png = PNGChunks.solid(
            width: 1, height: 1, red: 0, green: 0, blue: 0,
            chunks: texts.sorted { $0.key < $1.key }.map { PNGChunks.textChunk(keyword: $0.key, text: $0.value) })
        let facts = try #require(ThumbnailFacts.read { Array(png.prefix($0)) })
        #expect(key.isValid(facts) == valid)
    }

    @Test("a stored thumbnail is found, with the standard's keys, mode 0600 in folders 0700; a stale one is not")
    func storeAndLookUp() throws {
        let folder = try TemporaryFolder()
        let cache = ThumbnailCache(root: folder.path + "/cache/thumbnails", version: "1.2 beta")
        let key = ThumbnailKey(path: "/photos/a.jpg", workingDirectory: "/", modifiedSeconds: 5, byteCount: 9)
        #expect(cache.lookup(key, needed: 100, facts: ThumbnailCache.facts(ofFileAt:)) == nil)
        let png = PNGChunks.solid(width: 128, height: 96, red: 9, green: 9, blue: 9)
        let path = try #require(cache.store(png, for: key, flavour: .normal))
        #expect(path == folder.path + "/cache/thumbnails/normal/" + key.fileName)
        #expect(cache.lookup(key, needed: 100, facts: ThumbnailCache.facts(ofFileAt:))?.path == path)
        // Smaller, but better than a decode.
        #expect(cache.lookup(key, needed: 300, facts: ThumbnailCache.facts(ofFileAt:))?.flavour == .normal)
        let texts = try #require(PNGChunks.texts(in: Array(try Data(contentsOf: URL(fileURLWithPath: path)))))
        #expect(texts["Thumb::URI"] == "file:///photos/a.jpg")
        #expect(texts["Thumb::MTime"] == "5")
        #expect(texts["Thumb::Size"] == "9")
        #expect(texts["Software"] == "gallery 1.2-beta")
        #expect(try mode(path) == 0o600)
        #expect(try mode(folder.path + "/cache/thumbnails/normal") == 0o700)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path + "/cache/thumbnails/normal").count == 1)
        var changed = key
        changed.modifiedSeconds = 6
        #expect(cache.lookup(changed, needed: 100, facts: ThumbnailCache.facts(ofFileAt:)) == nil)
        #expect(cache.filesWritten == 1 && cache.bytesWritten > png.count)
    }

    @Test("fail entries are ours per version, and honoured while the photo is unchanged")
    func failEntries() throws {
        let folder = try TemporaryFolder()
        let cache = ThumbnailCache(root: folder.path + "/thumbnails", version: "3")
        let key = ThumbnailKey(path: "/photos/bad.jpg", workingDirectory: "/", modifiedSeconds: 5, byteCount: 9)
        #expect(!cache.hasFailure(key, facts: ThumbnailCache.facts(ofFileAt:)))
        let path = try #require(cache.storeFailure(for: key))
        #expect(path == folder.path + "/thumbnails/fail/gallery-3/" + key.fileName)
        #expect(cache.hasFailure(key, facts: ThumbnailCache.facts(ofFileAt:)))
        var changed = key
        changed.byteCount = 10
        #expect(!cache.hasFailure(changed, facts: ThumbnailCache.facts(ofFileAt:)))
        #expect(
            !ThumbnailCache(root: folder.path + "/thumbnails", version: "4").hasFailure(
                key, facts: ThumbnailCache.facts(ofFileAt:)))
    }

    @Test("nothing is written into a photo folder, past the budget, or through a link")
    func refusals() throws {
        let folder = try TemporaryFolder()
        let photos = try folder.makeFolder("photos")
        let key = ThumbnailKey(path: "/photos/a.jpg", workingDirectory: "/", modifiedSeconds: 5, byteCount: 9)
        let png = PNGChunks.solid(width: 8, height: 8, red: 0, green: 0, blue: 0)
        let inside = ThumbnailCache(root: photos + "/thumbnails", version: "1")
        inside.protect([photos])
        #expect(inside.store(png, for: key, flavour: .normal) == nil)
        let small = ThumbnailCache(root: folder.path + "/small", version: "1", budgetBytes: png.count)
        #expect(small.store(png, for: key, flavour: .normal) == nil)
        #expect(small.bytesWritten == 0)
        try FileManager.default.createDirectory(atPath: folder.path + "/linked", withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/linked/normal", withDestinationPath: photos)
        #expect(
            ThumbnailCache(root: folder.path + "/linked", version: "1").store(png, for: key, flavour: .normal) == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: photos).isEmpty)
    }

    @Test(
        "a photo's folder is protected before its thumbnail is written, and for every later write (a feed's photos)",
        arguments: ["feed/cache/thumbnails", "cache/thumbnails"])
    func photoFolderProtected(root: String) throws {
        let folder = try TemporaryFolder()
        let cache = ThumbnailCache(root: folder.path + "/" + root, version: "1")
        // A feed command's photo from a folder unknown at the start: the cache lies inside it (the first root), or
        // it lies inside the cache (the second: a photo in the cache's own `normal` folder).
        let photoFolder = root.hasPrefix("feed") ? folder.path + "/feed" : folder.path + "/" + root + "/normal"
        try FileManager.default.createDirectory(atPath: photoFolder, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: photoFolder + "/new.jpg", contents: Data([1])))
        let photo = ThumbnailKey(
            path: photoFolder + "/new.jpg", workingDirectory: "/", modifiedSeconds: 5, byteCount: 1)
        let other = ThumbnailKey(path: "/photos/b.jpg", workingDirectory: "/", modifiedSeconds: 5, byteCount: 9)
        let png = PNGChunks.solid(width: 8, height: 8, red: 0, green: 0, blue: 0)
        #expect(cache.store(png, for: photo, flavour: .normal) == nil)
        #expect(cache.store(png, for: other, flavour: .normal) == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: photoFolder) == ["new.jpg"])
        #expect(cache.filesWritten == 0)
    }

    @Test(
        "a folder named by protect (a feed's new photo) gets no write, before any of its photos is thumbnailed",
        arguments: [false, true])
    func namedFolderProtectedBeforeItsPhotos(named: Bool) throws {
        let folder = try TemporaryFolder()
        // The cache lies inside the folder a feed command's photo comes from.
        let cache = ThumbnailCache(root: folder.path + "/feed/cache/thumbnails", version: "1")
        try FileManager.default.createDirectory(atPath: folder.path + "/feed", withIntermediateDirectories: true)
        if named { cache.protect([folder.path + "/feed"]) }
        let other = ThumbnailKey(path: "/photos/b.jpg", workingDirectory: "/", modifiedSeconds: 5, byteCount: 9)
        let png = PNGChunks.solid(width: 8, height: 8, red: 0, green: 0, blue: 0)
        let written = cache.store(png, for: other, flavour: .normal)
        #expect((written == nil) == named)
        #expect(cache.filesWritten == (named ? 0 : 1))
    }

    @Test("the root is $XDG_CACHE_HOME/thumbnails, else ~/.cache/thumbnails")
    func defaultRoot() {
        #expect(ThumbnailCache.defaultRoot(environment: ["XDG_CACHE_HOME": "/c", "HOME": "/h"]) == "/c/thumbnails")
        #expect(
            ThumbnailCache.defaultRoot(environment: ["XDG_CACHE_HOME": "rel", "HOME": "/h"]) == "/h/.cache/thumbnails")
        #expect(ThumbnailCache.defaultRoot(environment: [:]) == nil)
    }

    private func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.posixPermissions] as? Int ?? 0) & 0o777
    }
}
