import Support

extension Dictionary where Key == PhotoID {
    /// The same values under each photo's new number (`renumbered`: nil for a photo gone, whose value is dropped).
    func renumbered(_ renumbered: (PhotoID) -> PhotoID?) -> [PhotoID: Value] {
        var result: [PhotoID: Value] = [:]
        for (photo, value) in self { if let new = renumbered(photo) { result[new] = value } }
        return result
    }
}
