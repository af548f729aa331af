extension ImageHeader {
    /// Whether the file at `path` is named as a HEIF or AVIF file, the formats with previews: other pages are not
    /// opened twice, and a folder of JPEGs never reaches libheif (nor costs a decoder process a second request).
    package static func mayHavePreview(path: String) -> Bool {
        let name = path.split(separator: "/").last ?? ""
        guard name.contains("."), let fileExtension = name.split(separator: ".").last?.lowercased() else {
            return false
        }
        return ["heic", "heif", "hif", "avif"].contains(fileExtension)
    }
}
