import CFormatDecoding
import CFormatLibraries
import Imaging

/// The format libraries loaded when a photo first needs them (`FormatLibrarySet`): the package links trampolines in
/// their place (`CFormatLibraries`), so a process maps SDL_image, libheif, libjxl or LibRaw only once it decodes a
/// photo that needs one. A decoder process loads what a request needs before its sandbox goes on, then `seal()`s.
public enum FormatLibraries {
    /// Loads the groups of `set` not loaded yet (SDL_image's own format libraries with it, `ImageLoader.prepare`; with
    /// librsvg, fontconfig's files and the generic families' fonts, `gallery_svg_prepare`, as its text needs them); nil
    /// when all of them are loaded, else the first one's failure ("libheif could not be loaded: …").
    @discardableResult
    public static func load(_ set: FormatLibrarySet) -> String? {
        var failure: String?
        for group in groups(set) {
            var error = [CChar](repeating: 0, count: 512)
            let wasLoaded = gallery_format_libraries_state(group) == 1
            if gallery_format_libraries_load(group, &error, error.count) != 0 {
                failure =
                    failure ?? String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            } else if !wasLoaded, group == Int32(GALLERY_FORMAT_LIBRARIES_IMAGE_LOADER) {
                ImageLoader.prepare()
            } else if !wasLoaded, group == Int32(GALLERY_FORMAT_LIBRARIES_SVG) {
                gallery_svg_prepare()
            }
        }
        return failure
    }

    /// Loads `set` (when not loaded yet), or throws why it cannot be: what a decoder checks before its first call
    /// into one of those libraries, so a missing library costs a photo an error, not the process.
    public static func require(_ set: FormatLibrarySet) throws(DecodeFailure.Reason) {
        if let failure = load(set) { throw .processingFailed(failure) }
    }

    /// The groups loaded now.
    public static var loaded: FormatLibrarySet {
        FormatLibrarySet(
            rawValue: UInt8(
                groups(.all).filter { gallery_format_libraries_state($0) == 1 }.reduce(0) {
                    $0 | 1 << $1
                }))
    }

    /// The groups whose load failed (their libraries are missing or broken).
    public static var failed: FormatLibrarySet {
        FormatLibrarySet(
            rawValue: UInt8(
                groups(.all).filter { gallery_format_libraries_state($0) == -1 }.reduce(0) {
                    $0 | 1 << $1
                }))
    }

    /// Nothing loads from now on: the sandbox is going on. A later load fails and is remembered (`takeMissed`).
    public static func seal() { gallery_format_libraries_seal() }

    /// The groups a decode wanted since `seal()` that were not loaded before it, forgotten as they are returned.
    public static func takeMissed() -> FormatLibrarySet {
        FormatLibrarySet(rawValue: UInt8(truncatingIfNeeded: gallery_format_libraries_take_missed()))
    }

    /// Loads `soname` in place of the first library of each group in `set` (before any load): how a test makes a load
    /// fail.
    public static func rename(_ set: FormatLibrarySet, to soname: String) {
        for group in groups(set) { gallery_format_libraries_rename(group, soname) }
    }

    /// The C group numbers of `set`.
    private static func groups(_ set: FormatLibrarySet) -> [Int32] {
        (0..<Int32(GALLERY_FORMAT_LIBRARIES_GROUP_COUNT)).filter { set.rawValue & (1 << $0) != 0 }
    }
}
