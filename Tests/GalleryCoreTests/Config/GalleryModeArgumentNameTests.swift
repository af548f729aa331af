import GalleryCore
import PagerEngine
import Testing

@Suite("--mode names")
struct GalleryModeArgumentNameTests {
    @Test(
        "a mode is named in any case, with or without hyphens or underscores",
        arguments: [
            ("bounded", GalleryMode.bounded), ("BOUNDED", .bounded), ("endCaps", .endCaps), ("endcaps", .endCaps),
            ("end-caps", .endCaps), ("End_Caps", .endCaps), ("threeSurfaces", .threeSurfaces),
            ("three-surfaces", .threeSurfaces), ("feed", .feed), ("Wheel", .wheel),
        ])
    func accepted(name: String, kind: GalleryMode) {
        #expect(GalleryMode(argumentName: name) == kind)
    }

    @Test("other names are refused", arguments: ["", "sideways", "end caps", "three", "endCapss", "-"])
    func refused(name: String) {
        #expect(GalleryMode(argumentName: name) == nil)
    }

    @Test("every mode's own name reads back as itself", arguments: GalleryMode.allCases)
    func roundTrip(kind: GalleryMode) {
        #expect(GalleryMode(argumentName: kind.rawValue) == kind)
    }
}
