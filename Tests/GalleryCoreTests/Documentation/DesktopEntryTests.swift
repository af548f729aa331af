import GalleryCore
import GalleryDocs
import Testing

@Suite("Desktop entry")
struct DesktopEntryTests {
    @Test("every extension the photo index takes from folders has a MIME type in the entry")
    func everyImageExtensionHasAMimeType() {
        for fileExtension in PhotoIndex.imageExtensions.sorted() {
            #expect(DesktopEntry.mimeTypesByExtension[fileExtension] != nil, "no MIME type for .\(fileExtension)")
        }
        #expect(DesktopEntry.mimeTypes.contains("image/jpeg"))
        #expect(DesktopEntry.mimeTypes == Array(Set(DesktopEntry.mimeTypes)).sorted())
    }

    @Test("the entry opens the chosen files with the installed command")
    func entryLaunchesTheGalleryWithFiles() {
        let lines = DesktopEntry.text(comment: "A photo pager.").split(separator: "\n").map(String.init)
        #expect(lines.first == "[Desktop Entry]")
        #expect(lines.contains("Exec=gallery %F"))
        #expect(lines.contains("Comment=A photo pager."))
        #expect(lines.contains("MimeType=" + DesktopEntry.mimeTypes.map { $0 + ";" }.joined()))
    }
}
