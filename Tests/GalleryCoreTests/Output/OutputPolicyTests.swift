import Foundation
import GalleryCore
import Support
import Testing

/// The one output policy: where the gallery may write, and what it may replace.
@Suite("Output policy")
struct OutputPolicyTests {
    /// A photo folder with one photo, and a policy protecting it.
    static func photoFolder(in root: TemporaryFolder) throws -> (folder: String, photo: String, policy: OutputPolicy) {
        let folder = try root.makeFolder("photos")
        let photo = try root.write("photos/p.jpg", bytes: [0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3])
        return (folder, photo, OutputPolicy(protecting: [folder]))
    }

    @Test(
        "a trace in, below, or through a link or `..` into a protected folder is refused, the photo intact",
        arguments: [
            "photos/p.jpg", "photos/new.jsonl", "photos/sub/t.jsonl", "link/t.jsonl", "other/../photos/t.jsonl",
        ])
    func traceInsideProtectedFolder(relative: String) throws {
        let root = try TemporaryFolder()
        let (folder, photo, policy) = try Self.photoFolder(in: root)
        try root.makeFolder("photos/sub")
        try root.makeFolder("other")
        try root.link("link", to: folder)
        let before = try Data(contentsOf: URL(fileURLWithPath: photo))
        let path = root.path + "/" + relative
        #expect(throws: OutputError.self) {
            try OutputFile.create(atPath: path, kind: .trace, role: "--trace", policy: policy)
        }
        do {
            _ = try OutputFile.create(atPath: path, kind: .trace, role: "--trace", policy: policy)
        } catch {
            guard case .insideProtectedFolder(let protector) = error.problem else {
                Issue.record("\(error)")
                return
            }
            #expect(protector == OutputPolicyTests.resolved(folder))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: photo)) == before)
        #expect(!FileManager.default.fileExists(atPath: root.path + "/photos/new.jsonl"))
    }

    @Test("a trace's missing folder is not created")
    func noParentFolders() throws {
        let root = try TemporaryFolder()
        let path = root.path + "/no/such/trace.jsonl"
        #expect(throws: OutputError(role: "--trace", path: path, problem: .missingFolder(root.path + "/no/such"))) {
            try OutputFile.create(atPath: path, kind: .trace, role: "--trace", policy: OutputPolicy())
        }
        #expect(!FileManager.default.fileExists(atPath: root.path + "/no"))
    }

    @Test("a FIFO is refused at once, with or without a reader", arguments: [OutputKind.trace, .shot])
    func fifo(kind: OutputKind) throws {
        let root = try TemporaryFolder()
        let path = root.path + "/out.fifo"
        #expect(mkfifo(path, 0o600) == 0)
        let start = Date()
        #expect(throws: OutputError(role: "--trace", path: path, problem: .notRegularFile)) {
            try OutputFile.create(atPath: path, kind: kind, role: "--trace", policy: OutputPolicy())
        }
        #expect(Date().timeIntervalSince(start) < 1)
    }

    @Test(
        "an existing file is replaced only when it is an earlier output of the same kind",
        arguments: [
            (OutputKind.trace, Array(#"{"t":0.016667,"mode":"endCaps"}"#.utf8), true),
            (.trace, [], true),
            (.trace, [0xFF, 0xD8, 0xFF, 0xE0], false),
            (.trace, Array("notes".utf8), false),
            (.shot, ShotMark.marking(OutputPolicyTests.minimalPNG)!, true),
            (.shot, OutputPolicyTests.minimalPNG, false),
            (.shot, Array(#"{"t":0.1}"#.utf8), false),
        ])
    func replacesOnlyItsOwn(kind: OutputKind, existing: [UInt8], replaced: Bool) throws {
        let root = try TemporaryFolder()
        let path = try root.write("out", bytes: existing)
        let outcome = Result {
            try OutputFile.create(atPath: path, kind: kind, role: "--trace", policy: OutputPolicy())
        }
        switch outcome {
        case .success(let file):
            #expect(replaced)
            try file.write(Array("new".utf8))
            file.close()
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("new".utf8))
        case .failure(let error):
            #expect(!replaced)
            #expect((error as? OutputError)?.problem == .existingFile(kind))
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(existing))
        }
    }

    @Test("a symbolic link planted in the shots folder is never written through")
    func plantedLink() throws {
        let root = try TemporaryFolder()
        let (_, photo, policy) = try Self.photoFolder(in: root)
        try root.makeFolder("shots")
        try root.link("shots/evil.png", to: photo)
        try root.link("shots/away", to: root.path + "/photos")
        let before = try Data(contentsOf: URL(fileURLWithPath: photo))
        let shots = try OutputFolder.open(
            root.path + "/shots", role: "--shots", policy: OutputPolicy(), creating: false)
        #expect(throws: OutputError(role: "shot", path: root.path + "/shots/evil.png", problem: .symbolicLink)) {
            try shots.createFile("evil.png", kind: .shot, role: "shot")
        }
        #expect(throws: OutputError(role: "shot", path: root.path + "/shots/away/p.jpg", problem: .symbolicLink)) {
            try shots.createFile("away/p.jpg", kind: .shot, role: "shot")
        }
        shots.policy = policy
        #expect(throws: OutputError.self) { try shots.createFile("away/p.jpg", kind: .shot, role: "shot") }
        #expect(try Data(contentsOf: URL(fileURLWithPath: photo)) == before)
    }

    @Test(
        "shot paths must be plain relative paths",
        arguments: ["/tmp/x.png", "../x.png", "a/../x.png", "a//x.png", "./x.png", ""])
    func badShotPaths(path: String) throws {
        let root = try TemporaryFolder()
        let shots = try OutputFolder.open(root.path, role: "--shots", policy: OutputPolicy(), creating: false)
        #expect(throws: OutputError(role: "shot", path: root.path + "/" + path, problem: .badRelativePath)) {
            try shots.createFile(path, kind: .shot, role: "shot")
        }
    }

    @Test("--shots creates its folder but no parent, and never a folder inside a protected one")
    func shotsFolderCreation() throws {
        let root = try TemporaryFolder()
        let (folder, _, policy) = try Self.photoFolder(in: root)
        _ = try OutputFolder.open(root.path + "/shots", role: "--shots", policy: policy, creating: true)
        #expect(FileManager.default.fileExists(atPath: root.path + "/shots"))
        #expect(
            throws: OutputError(role: "--shots", path: root.path + "/a/b", problem: .missingFolder(root.path + "/a"))
        ) {
            try OutputFolder.open(root.path + "/a/b", role: "--shots", policy: policy, creating: true)
        }
        #expect(!FileManager.default.fileExists(atPath: root.path + "/a"))
        #expect(throws: OutputError.self) {
            try OutputFolder.open(folder + "/shots", role: "--shots", policy: policy, creating: true)
        }
        #expect(!FileManager.default.fileExists(atPath: folder + "/shots"))
        #expect(throws: OutputError.self) {
            try OutputFolder.open(folder, role: "--shots", policy: policy, creating: true)
        }
    }

    @Test("the mark goes right after the header and is recognised; a PNG without it is not a shot")
    func shotMark() throws {
        let marked = try #require(ShotMark.marking(Self.minimalPNG))
        #expect(marked.count == Self.minimalPNG.count + ShotMark.headLength - 33)
        #expect(ShotMark.isMarked(Array(marked.prefix(ShotMark.headLength))))
        #expect(!ShotMark.isMarked(Array(Self.minimalPNG.prefix(ShotMark.headLength))))
        #expect(ShotMark.marking(Array("not a png at all, but long enough to hold a header".utf8)) == nil)
        // The chunk's CRC is PNG's: the known CRC of "IEND" with no data.
        #expect(ShotMark.crc32(Array("IEND".utf8)) == 0xAE42_6082)
    }

    /// A 1×1 RGB PNG.
    static let minimalPNG: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1,
        8, 2, 0, 0, 0, 0x90, 0x77, 0x53, 0xDE, 0, 0, 0, 12, 0x49, 0x44, 0x41, 0x54, 0x08, 0xD7, 0x63, 0xF8, 0xCF,
        0xC0, 0x00, 0x00, 0x03, 0x01, 0x01, 0x00, 0x18, 0xDD, 0x8D, 0xB0, 0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE,
        0x42, 0x60, 0x82,
    ]

    static func resolved(_ path: String) -> String {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    }
}
