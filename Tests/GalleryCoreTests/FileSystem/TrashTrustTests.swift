import Foundation
import GalleryCore
import Support
import Testing

/// What `Trash` trusts and what it never does: restore a file it did not move, replace a file made in the gap
/// before a move, make a trash inside a photo folder, fail on a long name, fall back to the root volume's trash.
@Suite("Trash trust")
struct TrashTrustTests {
    @Test("a trash emptied and refilled with another file of the photo's name: Ctrl+Z refuses and moves nothing")
    func restoreChecksIdentity() throws {
        let (folder, trash, photo) = try TrashTests.scratch()
        let item = try trash.moveToTrash(photo)
        // A file manager empties the trash; then another folder's file of the same name goes there, with its info.
        try FileManager.default.removeItem(atPath: item.trashed)
        try FileManager.default.removeItem(atPath: item.info)
        try folder.makeFolder("other")
        let other = try folder.write("other/a b(1).jpg", "another photo")
        let second = try trash.moveToTrash(other)
        try #require(second.trashed == item.trashed && second.info == item.info)
        let error = #expect(throws: TrashError.self) { try trash.restore(item) }
        #expect(error?.description.contains("not the file Delete moved there") == true, "\(String(describing: error))")
        #expect(!FileManager.default.fileExists(atPath: photo))
        #expect(try String(contentsOfFile: second.trashed, encoding: .utf8) == "another photo")
        #expect(FileManager.default.fileExists(atPath: second.info))
        // The other file's own record still puts it back.
        try trash.restore(second)
        #expect(try String(contentsOfFile: other, encoding: .utf8) == "another photo")
    }

    @Test("a file made at the photo's name just before Ctrl+Z's move is never replaced")
    func restoreNeverReplaces() throws {
        let (folder, original, photo) = try TrashTests.scratch()
        let item = try original.moveToTrash(photo)
        var trash = original
        trash.beforeMove = { destination in
            _ = FileManager.default.createFile(atPath: destination, contents: Data("new".utf8))
        }
        #expect(throws: TrashError.occupied(photo)) { try trash.restore(item) }
        #expect(try String(contentsOfFile: photo, encoding: .utf8) == "new")
        #expect(FileManager.default.fileExists(atPath: item.trashed))
        #expect(FileManager.default.fileExists(atPath: item.info))
        withExtendedLifetime(folder) {}
    }

    @Test("a file made at the trash's name just before Delete's move is never replaced: the next name is taken")
    func trashNeverReplaces() throws {
        let (folder, original, photo) = try TrashTests.scratch()
        var trash = original
        let taken = folder.path + "/data/Trash/files/a b(1).jpg"
        trash.beforeMove = { destination in
            if destination == taken { _ = FileManager.default.createFile(atPath: taken, contents: Data("other".utf8)) }
        }
        let item = try trash.moveToTrash(photo)
        #expect(item.trashed.hasSuffix("/files/a b(1).2.jpg"))
        #expect(try String(contentsOfFile: taken, encoding: .utf8) == "other")
        #expect(try Data(contentsOf: URL(fileURLWithPath: item.trashed)).count == 200)
        // The info reserved for the taken name is not left behind.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path + "/data/Trash/info") == [
                "a b(1).2.jpg.trashinfo"
            ])
    }

    @Test(
        "a name too long for NAME.trashinfo is shortened in the trash, its extension kept; the info keeps the full path",
        arguments: [
            String(repeating: "x", count: 246) + ".jpg", String(repeating: "é", count: 125) + ".jpeg",
            String(repeating: "n", count: 255),
            String(repeating: "a", count: 200) + "." + String(repeating: "e", count: 54),
        ])
    func longName(name: String) throws {
        let (folder, trash, _) = try TrashTests.scratch()
        let photo = try folder.write("photos/" + name, "long")
        let first = try trash.moveToTrash(photo)
        try folder.write("photos/" + name, "long again")
        let second = try trash.moveToTrash(photo)
        for item in [first, second] {
            let trashedName = (item.trashed as NSString).lastPathComponent
            #expect(trashedName.utf8.count + ".trashinfo".utf8.count <= 255, "\(trashedName)")
            #expect(String(validating: Array(trashedName.utf8), as: UTF8.self) != nil)
            let info = try String(contentsOfFile: item.info, encoding: .utf8)
            #expect(info.contains("\nPath=" + TrashInfoFile.escaped(photo) + "\n"))
        }
        if name.hasSuffix(".jpg") { #expect(first.trashed.hasSuffix(".jpg") && second.trashed.hasSuffix(".jpg")) }
        #expect(first.trashed != second.trashed)
        try trash.restore(second)
        #expect(try String(contentsOfFile: photo, encoding: .utf8) == "long again")
    }

    @Test("no ~/.local/share: the home trash is made (0700), never the root volume's /.Trash-UID")
    func missingDataHome() throws {
        let folder = try TemporaryFolder()
        try folder.makeFolder("home")
        try folder.makeFolder("photos")
        let photo = try folder.write("photos/p.jpg", "p")
        for environment in [
            ["HOME": folder.path + "/home"], ["XDG_DATA_HOME": folder.path + "/home/data", "HOME": "/"],
        ] {
            let trash = Trash(environment: environment)
            let item = try trash.moveToTrash(photo)
            #expect(item.trashed.hasPrefix(trash.home + "/files/"), "\(item.trashed)")
            var made = trash.home
            while made != folder.path + "/home" {
                var info = stat()
                #expect(lstat(made, &info) == 0 && info.st_mode & 0o7777 == 0o700, "\(made)")
                made = (made as NSString).deletingLastPathComponent
            }
            try trash.restore(item)
        }
    }

    /// Whether this process may mount a tmpfs (root, with mount(2) allowed): tried once on a scratch folder.
    static let canMount: Bool = {
        guard geteuid() == 0, let folder = try? TemporaryFolder() else { return false }
        defer { withExtendedLifetime(folder) {} }
        guard mount("tmpfs", folder.path, "tmpfs", 0, "size=64k") == 0 else { return false }
        return umount2(folder.path, Int32(MNT_DETACH)) == 0
    }()

    @Test(
        "a photo on another volume reached through a symlinked folder goes to that volume's top, never into its folder",
        .enabled(if: canMount, "needs root and mount(2) to mount a scratch tmpfs"))
    func symlinkedFolderOnAnotherVolume() throws {
        let folder = try TemporaryFolder()
        try folder.makeFolder("data")
        let volume = try folder.makeFolder("volume")
        try #require(mount("tmpfs", volume, "tmpfs", 0, "size=1m,mode=0755") == 0, "mount: \(errno)")
        defer { _ = umount2(volume, Int32(MNT_DETACH)) }
        try folder.makeFolder("volume/photos")
        try folder.write("volume/photos/p.jpg", "p")
        try folder.link("linked", to: volume + "/photos")
        let trash = Trash(environment: ["XDG_DATA_HOME": folder.path + "/data"])
        let item = try trash.moveToTrash(folder.path + "/linked/p.jpg")
        #expect(item.trashed == volume + "/.Trash-\(getuid())/files/p.jpg")
        #expect(try String(contentsOfFile: item.info, encoding: .utf8).contains("\nPath=photos/p.jpg\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: volume + "/photos") == [])
        try trash.restore(item)
        #expect(try String(contentsOfFile: volume + "/photos/p.jpg", encoding: .utf8) == "p")
    }
}

/// `/proc/self/mountinfo` as `Trash` reads it for a volume's top: hostile text, bounded, its escapes undone.
@Suite("Trash mount points")
struct TrashMountPointTests {
    static let mountInfo = [
        "27 1 254:0 / / rw,relatime - ext4 /dev/vda rw",
        "25 24 0:23 / /dev/shm rw,relatime - tmpfs tmpfs rw",
        // Mounted over the one before: the device tells which is seen.
        "30 25 0:27 / /dev/shm rw,relatime - tmpfs tmpfs rw",
        #"40 27 0:50 / /mnt/my\040disk rw - vfat /dev/sdb1 rw"#,
        "41 27 0:51 / /mnt/disk rw - ext4 /dev/sdc1 rw",
        // A bind mount of a folder of the root volume.
        "42 27 254:0 /srv/photos /media/photos rw - ext4 /dev/vda rw",
        // Malformed lines, skipped.
        "43 27 0:52", #"44 27 0:53 / /mnt/bad\9 rw - x y rw"#, "45 27 x:53 / /mnt/x rw - x y rw",
        "46 27 0:99999999999 / /mnt/y rw - x y rw", "47 27 0:54 / relative rw - x y rw",
    ].joined(separator: "\n")

    @Test(
        "the longest mount point above the path on the path's device",
        arguments: [
            ("/dev/shm/a", (0, 27), "/dev/shm"), ("/dev/shm/a", (0, 23), "/dev/shm"), ("/dev/shm", (0, 27), "/dev/shm"),
            ("/mnt/my disk/photos", (0, 50), "/mnt/my disk"), ("/mnt/disk2/photos", (254, 0), "/"),
            ("/mnt/disk/photos", (0, 51), "/mnt/disk"), ("/mnt/disk/photos", (254, 0), "/"),
            ("/media/photos/2024", (254, 0), "/media/photos"), ("/mnt/bad\t9", (0, 53), nil), ("/mnt/x", (0, 53), nil),
            ("/mnt/y/a", (0, 54), nil), ("/home/a", (8, 1), nil),
        ] as [(String, (UInt64, UInt64), String?)])
    func lookup(path: String, device: (major: UInt64, minor: UInt64), top: String?) {
        let number = dev_t(((device.major & 0xFFF) << 8) | (device.minor & 0xFF) | ((device.minor & 0xFFFF_FF00) << 12))
        #expect(Trash.mountPoint(in: Array(Self.mountInfo.utf8), of: path, device: number) == top)
    }

    @Test("a mount point's bytes that are not UTF-8 come back as the path's own")
    func invalidUTF8() {
        let path = PathBytes.string(fromBytes: Array("/mnt/a".utf8) + [0xFF] + Array("/photos".utf8))
        let text = Array(#"50 27 0:60 / /mnt/a\377 rw - x y rw"#.utf8)
        #expect(
            Trash.mountPoint(in: text, of: path, device: 60)
                == PathBytes.string(fromBytes: Array("/mnt/a".utf8) + [0xFF]))
    }
}
