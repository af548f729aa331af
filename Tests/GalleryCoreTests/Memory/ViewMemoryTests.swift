import GalleryCore
import PagerEngine
import Support
import Testing

@Suite("Remembered views")
struct ViewMemoryTests {
    static let identity = ViewMemory.Identity(
        device: 2049, inode: 77, byteCount: 1234, modifiedNanoseconds: 1_700_000_000_123)
    static let turned = RememberedView(
        zoom: CarriedZoom(imageScale: 1.5, shareX: -0.25, shareY: 1),
        orientation: ViewOrientation(quarterTurns: 3, mirrored: true))

    @Test("the state file's text reads back as the same memory, odd paths and all")
    func roundTrips() throws {
        var memory = ViewMemory()
        memory.record(.init(path: "/p/a b.jpg", identity: Self.identity, view: Self.turned))
        memory.record(
            .init(
                path: "/p/new\nline%.jpg", identity: Self.identity,
                view: RememberedView(zoom: nil, orientation: ViewOrientation(quarterTurns: 1, mirrored: false))))
        let odd = PathBytes.string(fromBytes: Array("/p/caf".utf8) + [0xE9] + Array(".jpg".utf8))
        memory.record(.init(path: odd, identity: Self.identity, view: Self.turned))
        memory.recordLastPhoto("/p/a b.jpg", inFolder: "/p")
        let read = try ViewMemory(text: memory.text)
        #expect(read == memory)
        #expect(read.entries.map(\.path) == [odd, "/p/new\nline%.jpg", "/p/a b.jpg"])
        #expect(read.view(forPath: "/p/a b.jpg", identity: Self.identity) == Self.turned)
        #expect(read.lastPhoto(inFolder: "/p") == "/p/a b.jpg")
        #expect(!memory.text.contains("a b") && memory.text.hasPrefix("gallery views 1\n"))
    }

    @Test("a photo whose file changed has no view: another inode, size or modification time")
    func identityMatters() {
        var memory = ViewMemory()
        memory.record(.init(path: "/p/a.jpg", identity: Self.identity, view: Self.turned))
        var other = Self.identity
        other.inode += 1
        #expect(memory.view(forPath: "/p/a.jpg", identity: other) == nil)
        other = Self.identity
        other.modifiedNanoseconds += 1
        #expect(memory.view(forPath: "/p/a.jpg", identity: other) == nil)
    }

    @Test("at most 1000 photos and 1000 folders, the least recently seen forgotten; a plain view forgets its photo")
    func bounded() throws {
        var memory = ViewMemory()
        for index in 0...ViewMemory.maximumViews {
            memory.record(.init(path: "/p/\(index).jpg", identity: Self.identity, view: Self.turned))
            memory.recordLastPhoto("/f\(index)/a.jpg", inFolder: "/f\(index)")
        }
        #expect(memory.entries.count == 1000 && memory.lastPhotos.count == 1000)
        #expect(memory.entries.first?.path == "/p/1000.jpg" && !memory.entries.contains { $0.path == "/p/0.jpg" })
        #expect(memory.lastPhoto(inFolder: "/f0") == nil && memory.lastPhoto(inFolder: "/f1000") == "/f1000/a.jpg")
        memory.record(.init(path: "/p/5.jpg", identity: Self.identity, view: Self.turned))
        #expect(memory.entries.first?.path == "/p/5.jpg" && memory.entries.count == 1000)
        memory.record(
            .init(path: "/p/5.jpg", identity: Self.identity, view: RememberedView(zoom: nil, orientation: .upright)))
        #expect(!memory.entries.contains { $0.path == "/p/5.jpg" })
        #expect(try ViewMemory(text: memory.text) == memory)
    }

    @Test(
        "a damaged file is refused whole, naming the line",
        arguments: [
            ("", 1), ("gallery views 2\n", 1), ("gallery views 1\nv 1 2 3 4 - 0 0 0 0\n", 2),
            ("gallery views 1\nf /a\n", 2), ("gallery views 1\nv 1 2 3 4 nan 0 0 0 0 /a\n", 2),
            ("gallery views 1\nv 1 2 3 4 1.5 2 0 0 0 /a\n", 2), ("gallery views 1\nv 1 2 3 4 1.5 0 0 4 0 /a\n", 2),
            ("gallery views 1\nf /a /b\nf /a /b%zz\n", 3), ("gallery views 1\nv 1 2 3 4 1.5 0 0 0 0 /a b\n", 2),
            ("gallery views 1\n\n", 2),
        ])
    func refusesDamage(text: String, line: Int) {
        #expect(throws: ViewMemory.TextError(line: line)) { try ViewMemory(text: text) }
    }

    @Test("the state file lives under XDG_STATE_HOME when it is absolute, else ~/.local/state")
    func place() {
        #expect(ViewMemory.defaultPath(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]) == "/s/gallery/views")
        #expect(
            ViewMemory.defaultPath(environment: ["XDG_STATE_HOME": "s", "HOME": "/h"])
                == "/h/.local/state/gallery/views")
        #expect(ViewMemory.defaultPath(environment: [:]) == nil)
    }
}
