import CHeif
import CJXL
import CLibRaw

/// The versions the format libraries loaded now report (not the headers built against), for `gallery --version`.
public enum FormatLibraryVersions {
    /// libheif's, e.g. "1.15.1".
    public static var libheif: String { String(cString: heif_get_version()) }
    /// libjxl's as a number: major · 1000000 + minor · 1000 + patch.
    public static var libjxlNumber: UInt32 { JxlDecoderVersion() }
    /// LibRaw's, e.g. "0.21.1-Release".
    public static var libRaw: String { String(cString: libraw_version()) }
}
