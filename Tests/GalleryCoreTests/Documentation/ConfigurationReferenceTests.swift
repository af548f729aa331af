import GalleryCore
import GalleryDocs
import Testing

@Suite("Configuration in the man page")
struct ConfigurationReferenceTests {
    @Test("the man page has a CONFIGURATION section, before ENVIRONMENT, naming every command a key can be bound to")
    func sectionListsEveryCommand() {
        let page = ManualPage.completing(".Dd x\n.Dt GALLERY 1\n.Sh NAME\n.Sh EXIT STATUS\n")
        let configuration = page.range(of: ".Sh CONFIGURATION")
        let environment = page.range(of: ".Sh ENVIRONMENT")
        #expect(configuration != nil && environment != nil)
        if let configuration, let environment { #expect(configuration.lowerBound < environment.lowerBound) }
        let section = ConfigurationReference.manualSection
        for command in GalleryCommand.bindable {
            #expect(section.contains(".Ql \(command.configName!) "), "\(command)")
        }
        #expect(section.contains("gallery.conf:12:"))
    }
}
