import Foundation
import GalleryDocs
import Testing

@testable import GalleryCore

/// The desktop entry's and the metainfo's MIME types against shared-mime-info's database, which is how a file manager
/// decides what a file is: each type the gallery lists names exactly the files its folder scan takes.
@Suite("Desktop MIME types against shared-mime-info")
struct SharedMimeInfoTests {
    /// One `<mime-type>` of the database: its globs' extensions (`*.jpg` → "jpg") and its aliases.
    struct MimeType {
        var extensions: Set<String> = []
        var aliases: Set<String> = []
    }

    /// The database's types by name, read from the XML Debian's shared-mime-info installs (`make deps` installs it).
    static func database() throws -> [String: MimeType] {
        let text = try String(
            contentsOfFile: "/usr/share/mime/packages/freedesktop.org.xml", encoding: .utf8)
        var types: [String: MimeType] = [:]
        for block in text.components(separatedBy: "<mime-type type=\"").dropFirst() {
            let name = String(block.prefix { $0 != "\"" })
            let body = block.components(separatedBy: "</mime-type>").first ?? ""
            var type = MimeType()
            for glob in body.components(separatedBy: "<glob pattern=\"*.").dropFirst() {
                let pattern = glob.prefix { $0 != "\"" }
                if !pattern.contains(where: { "*?[".contains($0) }) { type.extensions.insert(pattern.lowercased()) }
            }
            for alias in body.components(separatedBy: "<alias type=\"").dropFirst() {
                type.aliases.insert(String(alias.prefix { $0 != "\"" }))
            }
            types[name] = type
        }
        return types
    }

    /// `name`, or the type it is an alias of.
    static func canonical(_ name: String, in types: [String: MimeType]) -> String {
        types.first { $0.value.aliases.contains(name) }?.key ?? name
    }

    @Test("each extension the folder scan takes is, to shared-mime-info, the type the entry lists for it")
    func extensionsHaveTheDatabasesType() throws {
        let types = try Self.database()
        #expect(types.count > 500, "not shared-mime-info's database")
        for fileExtension in PhotoIndex.imageExtensions.sorted() {
            let listed = try #require(DesktopEntry.mimeTypesByExtension[fileExtension])
            let known = Set(types.filter { $0.value.extensions.contains(fileExtension) }.map(\.key))
            // A type the database does not know yet (QOI, Samsung's SRW in 2.2) may name an extension it globs for no type.
            if known.isEmpty, types[Self.canonical(listed, in: types)] == nil { continue }
            #expect(
                known.contains(Self.canonical(listed, in: types)), ".\(fileExtension): listed \(listed), known \(known)"
            )
        }
    }

    @Test("every file name shared-mime-info gives a listed type is one the folder scan takes")
    func listedTypesNameOnlyTakenFiles() throws {
        let types = try Self.database()
        for listed in DesktopEntry.mimeTypes {
            guard let type = types[Self.canonical(listed, in: types)] else { continue }
            let missing = type.extensions.subtracting(PhotoIndex.imageExtensions)
            #expect(
                missing.isEmpty, "\(listed) is also \(missing.sorted().map { "*." + $0 }), which the scan leaves out")
        }
    }

    @Test(
        "a file the scan recognises by content has an extension the scan takes, so its type is listed",
        arguments: [
            ("P1\n1 1\n1\n", "pbm"), ("P4\n8 1\n\u{0}", "pbm"), ("P2\n1 1\n255\n0\n", "pgm"), ("P6\n1 1\n255\n", "ppm"),
            ("qoif\u{0}\u{0}\u{0}\u{1}", "qoi"), ("GIF89a", "gif"),
        ])
    func contentHasAListedType(head: String, fileExtension: String) {
        #expect(PhotoIndex.startsLikePhoto(Array(head.utf8)))
        #expect(PhotoIndex.imageExtensions.contains(fileExtension))
        #expect(DesktopEntry.mimeTypesByExtension[fileExtension] != nil)
    }

    @Test("the metainfo provides the entry's MIME types, the binary and the entry, with a reverse-DNS id")
    func metainfoAgreesWithTheEntry() {
        let text = AppStreamMetainfo.text(summary: "A photo pager & more.")
        let mediaTypes = text.components(separatedBy: "<mediatype>").dropFirst().map {
            String($0.prefix { $0 != "<" })
        }
        #expect(mediaTypes == DesktopEntry.mimeTypes)
        #expect(text.contains("<summary>A photo pager &amp; more</summary>"))
        #expect(text.contains("<launchable type=\"desktop-id\">gallery.desktop</launchable>"))
        #expect(text.contains("<binary>gallery</binary>"))
        #expect(AppStreamMetainfo.identifier.split(separator: ".").count >= 3)
        #expect(text.contains("<id>\(AppStreamMetainfo.identifier)</id>"))
    }

    @Test("make install installs the metainfo under the name the code gives it")
    func makefileInstallsTheMetainfo() throws {
        let makefile = try FormatsDocumentationTests.document("Makefile")
        #expect(makefile.contains("\nMETAINFO    := \(AppStreamMetainfo.fileName)\n"))
    }
}
