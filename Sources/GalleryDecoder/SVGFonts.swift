import CFormatDecoding

/// The font files an SVG decode keeps mapped (none until librsvg is loaded).
enum SVGFonts {
    /// Their paths, as `gallery_svg_font_files` gives them.
    static var mappedFiles: [String] {
        var files = [UnsafePointer<CChar>?](repeating: nil, count: 8)
        let count = Int(gallery_svg_font_files(&files, Int32(files.count)))
        return files.prefix(max(count, 0)).compactMap { $0.map { String(cString: $0) } }
    }
}
