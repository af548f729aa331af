import Foundation
import GalleryCore
import GalleryDocs
import Testing

@Suite("Man page completion")
struct ManualPageTests {
    /// What swift-argument-parser 1.8's generate-manual writes for a command without subcommands (abridged).
    static let generated = """
        .Sh SYNOPSIS
        .Nm
        .Ar subcommand
        .Op Ar paths...
        .Sh DESCRIPTION
        .Bl -tag -width 6n
        .It Fl -software
        Use SDL's software renderer.
        .It Fl h , -help
        Show help information.
        .It Em help
        Show subcommand help information.
        .Bl -tag -width 6n
        .It Ar subcommands...
        .El
        .El
        .Sh "EXIT STATUS"
        .Ex -std

        """

    @Test("the implicit help subcommand goes, the rest of the options list stays")
    func helpSubcommandIsRemoved() {
        let lines = ManualPage.completing(Self.generated).split(separator: "\n").map(String.init)
        #expect(!lines.contains { $0.contains("subcommand") })
        #expect(lines.contains(".It Fl h , -help"))
        let descriptionEnd = lines.firstIndex(of: #".Sh "KEYS AND GESTURES""#)
        #expect(descriptionEnd.map { lines[$0 - 1] } == ".El")
    }

    @Test("keys, gestures and the environment come before the exit status")
    func sectionsAreInsertedBeforeExitStatus() {
        let page = ManualPage.completing(Self.generated)
        let keys = page.range(of: #".Sh "KEYS AND GESTURES""#)
        let environment = page.range(of: ".Sh ENVIRONMENT")
        let exitStatus = page.range(of: #".Sh "EXIT STATUS""#)
        #expect(keys != nil && environment != nil && exitStatus != nil)
        if let keys, let environment, let exitStatus {
            #expect(keys.lowerBound < environment.lowerBound && environment.lowerBound < exitStatus.lowerBound)
        }
        #expect(page.hasSuffix(".Ex -std\n"))
    }

    @Test("a page without an exit status section gets the sections at its end")
    func sectionsAreAppendedWithoutExitStatus() {
        let page = ManualPage.completing(".Sh NAME\n.Nm gallery\n")
        #expect(page.contains(".Sh NAME\n.Nm gallery\n.Sh \"KEYS AND GESTURES\"\n"))
        #expect(page.hasSuffix(".El\n"))
    }

    @Test("The ranges keep their ellipsis: what the generator dropped comes back as roff escapes")
    func nonASCIIRestored() {
        let lines = [
            ".It Fl -fps Ar fps", "Headless: frames per virtual second (11000).", ".It Fl -software", "(11000).",
        ]
        let restored = ManualPage.restoringNonASCII(
            lines, texts: ["Headless: frames per virtual second (1…1000).", "Use SDL's software renderer."])
        #expect(
            restored == [
                ".It Fl -fps Ar fps", #"Headless: frames per virtual second (1\[u2026]1000)."#, ".It Fl -software",
                "(11000).",
            ])
        #expect(ManualPage.textLine(#".a\b×"#) == #"\&.a\eb\[u00D7]"#)
    }

    @Test(
        "each character the ASCII output lacks gets an ASCII stand-in before the first section, raw or escaped",
        arguments: [("(1\\[u2026]1000)", ".fchar \\[u2026] ..."), ("pager \u{21C4} grid", ".fchar \\[u21C4] <->")])
    func asciiFallbacksPrecedeTheFirstSection(text: String, fallback: String) throws {
        let page = ManualPage.completing(".Dt GALLERY 1\n.Sh NAME\n\(text)\n")
        let lines = page.split(separator: "\n").map(String.init)
        let fallbackLine = try #require(lines.firstIndex(of: fallback))
        let firstSection = try #require(lines.firstIndex { $0.hasPrefix(".Sh") })
        let title = try #require(lines.firstIndex(of: ".Dt GALLERY 1"))
        #expect(title < fallbackLine && fallbackLine < firstSection)
    }
}
