import GalleryCore
import Support

/// The AppStream metainfo file that lets software centres and `appstreamcli` find the gallery: its name, summary,
/// description, the desktop entry it launches and the image types it opens (the desktop entry's own list).
public enum AppStreamMetainfo {
    /// The component's identifier, reverse-DNS as AppStream asks (`appstreamcli validate` warns otherwise); it names
    /// the installed file (`share/metainfo/<id>.metainfo.xml`). The desktop entry keeps its name, gallery.desktop,
    /// which the window's Wayland app id and X11 class ("gallery") match.
    public static let identifier = "io.github.gallery_pager.Gallery"

    /// The installed file's name.
    public static let fileName = identifier + ".metainfo.xml"

    /// The metainfo XML; `summary` is the one-line summary (the command's abstract, as the desktop entry's Comment).
    public static func text(summary: String) -> String {
        let mediaTypes = DesktopEntry.mimeTypes.map { "    <mediatype>\(escaped($0))</mediatype>" }
        let formats = PhotoFormat.all.map(\.name).joined(separator: ", ")
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <component type="desktop-application">
              <id>\(identifier)</id>
              <metadata_license>FSFAP</metadata_license>
              <name>Gallery</name>
              <summary>\(escaped(sentence(summary)))</summary>
              <description>
                <p>
                  A photo pager: drag the photos sideways and they follow the pointer, fling with momentum and snap \
            to a page; a two-finger swipe or a wheel notch turns one photo, and the keyboard does everything.
                </p>
                <p>
                  It opens \(escaped(formats)), decodes each in a sandboxed process, and keeps a thumbnail grid, zoom, \
            a slideshow, marks and a trash with undo.
                </p>
              </description>
              <launchable type="desktop-id">gallery.desktop</launchable>
              <categories>
                <category>Graphics</category>
                <category>Viewer</category>
                <category>Photography</category>
              </categories>
              <keywords>
                <keyword>photo</keyword>
                <keyword>picture</keyword>
                <keyword>image</keyword>
                <keyword>viewer</keyword>
                <keyword>slideshow</keyword>
              </keywords>
              <provides>
                <binary>gallery</binary>
            \(mediaTypes.joined(separator: "\n"))
              </provides>
              <content_rating type="oars-1.1"/>
            </component>

            """
    }

    /// `text` without a final full stop (AppStream's summaries have none).
    static func sentence(_ text: String) -> String {
        text.hasSuffix(".") ? String(text.dropLast()) : text
    }

    /// `text` with XML's five special characters escaped.
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default: result.append(character)
            }
        }
        return result
    }
}
