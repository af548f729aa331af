import CFormatDecoding
import CHeif
import CJXL
import CLibRaw
import ImageLoader

/// The versions the format libraries report once loaded (not the headers built against), for `gallery --version`;
/// each is loaded here if it was not yet.
public enum FormatLibraryVersions {
    /// libheif's, e.g. "1.15.1" ("unavailable" when it cannot be loaded).
    public static var libheif: String {
        FormatLibraries.load(.heif) == nil ? String(cString: heif_get_version()) : "unavailable"
    }
    /// libjxl's as a number: major · 1000000 + minor · 1000 + patch (0 when it cannot be loaded).
    public static var libjxlNumber: UInt32 { FormatLibraries.load(.jxl) == nil ? JxlDecoderVersion() : 0 }
    /// libavif's, e.g. "0.11.1" ("unavailable" when it cannot be loaded).
    public static var libavif: String {
        FormatLibraries.load(.avif) == nil ? String(cString: gallery_avif_version()) : "unavailable"
    }
    /// LibRaw's, e.g. "0.21.1-Release" ("unavailable" when it cannot be loaded).
    public static var libRaw: String {
        FormatLibraries.load(.raw) == nil ? String(cString: libraw_version()) : "unavailable"
    }
}
