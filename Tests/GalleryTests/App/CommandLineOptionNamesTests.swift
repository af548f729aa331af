import Testing

@testable import GalleryApp

/// The command line is split into options and paths before it is parsed, by a listed set of the options that take a
/// value: the list must name every such option the command declares, and no other.
@Suite("Command line option names")
struct CommandLineOptionNamesTests {
    @Test func theListedValueOptionsAreTheDeclaredOnes() {
        #expect(GalleryCommandLine.valueOptionNames == GalleryCommandLine.reflectedValueOptionNames)
        #expect(GalleryCommandLine.valueOptionNames.contains("--size"))
        #expect(!GalleryCommandLine.valueOptionNames.contains("--software"))
    }
}
