import GalleryCore
import Testing

extension GalleryKey {
    /// The key a script names ("Right", "b", "Ctrl+Z"), read as a headless run reads it; a name the gallery knows no
    /// key for fails the test instead of becoming an unbound key.
    static func named(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) -> GalleryKey {
        guard let key = Key(name: name) else {
            Issue.record("no key is named \"\(name)\"", sourceLocation: sourceLocation)
            return .unbound
        }
        return GalleryKey(key)
    }
}
