import Foundation
import GalleryCore
import Support
import Testing

/// What the thumbnail cache trusts and leaves behind: thumbnails other programs wrote (their names, their claimed
/// sizes), temporary files of writers that died, and folders it may create.
@Suite("Thumbnail cache trust")
struct ThumbnailCacheTrustTests {
    /// The Python with GLib's introspection bindings (Debian's python3-gi), when installed.
    static let glibPython = "/usr/bin/python3"

    static var hasGLib: Bool {
        guard FileManager.default.isExecutableFile(atPath: glibPython) else { return false }
        return (try? run(glibPython, ["-c", "from gi.repository import GLib"], input: Data()))?.status == 0
    }

    @Test(
        "every byte in a name is escaped as GLib's g_filename_to_uri escapes it (checked against GLib itself)",
        .enabled(if: hasGLib))
    func matchesGLib() throws {
        // Each byte 1…255 alone in a name, then each table entry; hex in, one URI a line out.
        var paths: [[UInt8]] = (1...255).map { Array("/d/a".utf8) + [UInt8($0)] + Array("b.jpg".utf8) }
        paths += ThumbnailCacheTests.glibURIs.map { Array($0.0.utf8) }
        let script = """
            import sys
            from gi.repository import GLib
            for line in sys.stdin:
                print(GLib.filename_to_uri(bytes.fromhex(line.strip()), None))
            """
        let input = paths.map { $0.map { String(format: "%02x", $0) }.joined() }.joined(separator: "\n") + "\n"
        let result = try Self.run(Self.glibPython, ["-c", script], input: Data(input.utf8))
        #expect(result.status == 0)
        let expected = result.output.split(separator: "\n").map(String.init)
        try #require(expected.count == paths.count)
        for (path, uri) in zip(paths, expected) {
            // Only valid UTF-8 reaches the String form; every path reaches the byte form.
            if let text = String(validating: path, as: UTF8.self) {
                #expect(ThumbnailURI.fileURI(forAbsolutePath: text) == uri, "\(path)")
            }
        }
    }

    @Test(
        "a thumbnail larger than its size's folder allows is never used (nor decoded)",
        arguments: [
            (ThumbnailFlavour.normal, 128, 96, true), (.normal, 129, 1, false), (.normal, 1, 129, false),
            (.normal, 256, 256, false), (.large, 256, 256, true), (.large, 257, 100, false), (.normal, 0, 0, false),
        ])
    func oversizedRefused(flavour: ThumbnailFlavour, width: Int, height: Int, used: Bool) throws {
        let folder = try TemporaryFolder()
        let cache = ThumbnailCache(root: folder.path + "/thumbnails", version: "1")
        let key = ThumbnailKey(path: "/photos/a.jpg", workingDirectory: "/", modifiedSeconds: 5, byteCount: 9)
        // Written as another program would, valid in every other respect.
        let png = PNGChunks.solid(
            width: width, height: height, red: 1, green: 2, blue: 3, chunks: key.textChunks(software: "other"))
        try folder.makeFolder("thumbnails/\(flavour.folderName)")
        let path = try folder.write("thumbnails/\(flavour.folderName)/\(key.fileName)", bytes: png)
        #expect(
            cache.lookup(key, needed: flavour.side, facts: ThumbnailCache.facts(ofFileAt:))?.path == (used ? path : nil)
        )
    }

    /// A cache holding a valid thumbnail of `key` (as another program writes it) and a fail entry for it.
    static func cacheWithEntries(
        _ folder: TemporaryFolder, key: ThumbnailKey
    ) throws -> (cache: ThumbnailCache, thumbnail: String) {
        let cache = ThumbnailCache(root: folder.path + "/thumbnails", version: "1")
        let png = PNGChunks.solid(
            width: 64, height: 64, red: 1, green: 2, blue: 3, chunks: key.textChunks(software: "other"))
        try folder.makeFolder("thumbnails/normal")
        chmod(folder.path + "/thumbnails", 0o700)
        chmod(folder.path + "/thumbnails/normal", 0o700)
        let thumbnail = try folder.write("thumbnails/normal/\(key.fileName)", bytes: png)
        try #require(cache.storeFailure(for: key) != nil)
        try #require(
            cache.lookup(key, needed: 128, facts: ThumbnailCache.facts(ofFileAt:))?.path == thumbnail
                && cache.hasFailure(key, facts: ThumbnailCache.facts(ofFileAt:)))
        return (cache, thumbnail)
    }

    @Test(
        "thumbnails and fail entries are not read from cache folders others may write",
        arguments: [
            ("thumbnails", 0o700, true, true), ("thumbnails", 0o755, true, true), ("thumbnails", 0o775, false, false),
            ("thumbnails", 0o777, false, false), ("thumbnails", 0o1777, false, false),
            ("thumbnails/normal", 0o757, false, true), ("thumbnails/normal", 0o770, false, true),
            ("thumbnails/fail", 0o777, true, false), ("thumbnails/fail/gallery-1", 0o722, true, false),
        ])
    func writableByOthers(folderName: String, mode: Int, thumbnailUsed: Bool, failureUsed: Bool) throws {
        let folder = try TemporaryFolder()
        let key = ThumbnailKey(path: "/photos/a.jpg", workingDirectory: "/", modifiedSeconds: 5, byteCount: 9)
        let (cache, thumbnail) = try Self.cacheWithEntries(folder, key: key)
        #expect(chmod(folder.path + "/" + folderName, mode_t(mode)) == 0)
        #expect(
            cache.lookup(key, needed: 128, facts: ThumbnailCache.facts(ofFileAt:))?.path
                == (thumbnailUsed ? thumbnail : nil))
        #expect(cache.hasFailure(key, facts: ThumbnailCache.facts(ofFileAt:)) == failureUsed)
    }

    @Test(
        "thumbnails and fail entries are not read from cache folders another user owns",
        .enabled(if: geteuid() == 0, "only root can give a folder to another user"),
        arguments: [
            ("thumbnails", false, false), ("thumbnails/normal", false, true),
            ("thumbnails/fail/gallery-1", true, false),
        ])
    func ownedByAnother(folderName: String, thumbnailUsed: Bool, failureUsed: Bool) throws {
        let folder = try TemporaryFolder()
        let key = ThumbnailKey(path: "/photos/a.jpg", workingDirectory: "/", modifiedSeconds: 5, byteCount: 9)
        let (cache, thumbnail) = try Self.cacheWithEntries(folder, key: key)
        #expect(chown(folder.path + "/" + folderName, 65534, 65534) == 0)
        #expect(
            cache.lookup(key, needed: 128, facts: ThumbnailCache.facts(ofFileAt:))?.path
                == (thumbnailUsed ? thumbnail : nil))
        #expect(cache.hasFailure(key, facts: ThumbnailCache.facts(ofFileAt:)) == failureUsed)
    }

    @Test("a temporary file of a writer that died is removed by the next write; a live writer's is kept")
    func staleTemporaryFiles() throws {
        let folder = try TemporaryFolder()
        let cache = ThumbnailCache(root: folder.path + "/thumbnails", version: "1")
        let dead = try Self.deadProcessID()
        let normal = try folder.makeFolder("thumbnails/normal")
        let stale = try folder.write("thumbnails/normal/0123.png.gallery-\(dead)-1.tmp", "half a PNG")
        let live = try folder.write("thumbnails/normal/4567.png.gallery-1-1.tmp", "pid 1 is always alive")
        let foreign = try folder.write("thumbnails/normal/89ab.png.other-\(dead)-1.tmp", "not ours")
        let key = ThumbnailKey(path: "/photos/a.jpg", workingDirectory: "/", modifiedSeconds: 5, byteCount: 9)
        #expect(
            cache.store(PNGChunks.solid(width: 8, height: 8, red: 0, green: 0, blue: 0), for: key, flavour: .normal)
                != nil)
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: normal))
        #expect(!left.contains((stale as NSString).lastPathComponent))
        #expect(left.contains((live as NSString).lastPathComponent))
        #expect(left.contains((foreign as NSString).lastPathComponent))
        #expect(left.contains(key.fileName))
    }

    @Test(
        "folders are created from the cache home down, never its parents",
        arguments: [
            ("missing/xdg/thumbnails", false),  // XDG_CACHE_HOME=…/missing/xdg: its parent does not exist.
            ("home/.cache/thumbnails", true),  // A fresh account: ~/.cache is created below an existing home.
        ])
    func cacheHomeParents(root: String, written: Bool) throws {
        let folder = try TemporaryFolder()
        try folder.makeFolder("home")
        let cache = ThumbnailCache(root: folder.path + "/" + root, version: "1")
        let key = ThumbnailKey(path: "/photos/a.jpg", workingDirectory: "/", modifiedSeconds: 5, byteCount: 9)
        let png = PNGChunks.solid(width: 8, height: 8, red: 0, green: 0, blue: 0)
        #expect((cache.store(png, for: key, flavour: .normal) != nil) == written)
        #expect(FileManager.default.fileExists(atPath: folder.path + "/missing") == false)
    }

    /// The ID of a process that has ended (a child, waited for).
    static func deadProcessID() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    static func run(_ executable: String, _ arguments: [String], input: Data) throws -> (status: Int32, output: String)
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        try stdin.fileHandleForWriting.write(contentsOf: input)
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }
}
