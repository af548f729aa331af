import GalleryCore
import Support

/// The freedesktop.org desktop entry that puts the gallery in menus and in file managers' "Open with".
public enum DesktopEntry {
    /// The MIME type of each extension `PhotoIndex` takes from folders (shared-mime-info's names), from `PhotoFormat`.
    public static let mimeTypesByExtension = PhotoFormat.mimeTypesByExtension

    /// The MIME types of the images the gallery opens, sorted, each once.
    public static var mimeTypes: [String] {
        Set(PhotoIndex.imageExtensions.compactMap { mimeTypesByExtension[$0] }).sorted()
    }

    /// The `.desktop` file: the file manager passes the chosen files (`%F`); `comment` is the one-line summary.
    public static func text(comment: String) -> String {
        """
        [Desktop Entry]
        Type=Application
        Name=Gallery
        GenericName=Photo Viewer
        Comment=\(comment)
        Icon=gallery
        TryExec=gallery
        Exec=gallery %F
        Terminal=false
        StartupNotify=true
        StartupWMClass=gallery
        Categories=Graphics;Viewer;Photography;
        Keywords=photo;picture;image;viewer;slideshow;
        MimeType=\(mimeTypes.map { $0 + ";" }.joined())

        """
    }
}
