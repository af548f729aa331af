import PagerEngine

/// What the status bar (B, nsxiv's bar that stays) says about the photo shown: where it is, its name, its own size,
/// the zoom, the mode and how many photos are marked (`m`), when any are.
public struct StatusLine: Equatable, Sendable {
    /// The photo's position, 1-based, and how many there are.
    public var index: Int
    public var count: Int
    /// The file name (or the feed's end page's label).
    public var name: String
    /// The photo's own pixels, when known (decoded or read from its header).
    public var size: (width: Int, height: Int)?
    /// The zoom as a share of the photo's own pixels, in per cent, when known.
    public var zoomPercent: Int?
    /// The mode shown; the line names it (`GalleryMode.displayName`).
    public var mode: GalleryMode
    /// How many photos are marked; `nil` (none marked) leaves the field out.
    public var marks: Int?
    /// How the view differs from the stored photo and the plain page turn ("turned 90°, mirrored"); `nil` leaves the
    /// field out.
    public var view: String?

    /// A status line.
    public init(
        index: Int, count: Int, name: String, size: (width: Int, height: Int)?, zoomPercent: Int?, mode: GalleryMode,
        marks: Int? = nil, view: String? = nil
    ) {
        self.index = index
        self.count = count
        self.name = name
        self.size = size
        self.zoomPercent = zoomPercent
        self.mode = mode
        self.marks = marks
        self.view = view
    }

    /// "3 / 12  ·  08-brick.jpg  ·  4000×3000  ·  26 %  ·  bounded", fields left out when unknown.
    public var text: String {
        var fields = ["\(index) / \(count)", name]
        if let size { fields.append("\(size.width)×\(size.height)") }
        if let zoomPercent { fields.append("\(zoomPercent) %") }
        if let view { fields.append(view) }
        fields.append(mode.displayName)
        if let marks { fields.append("\(marks) marked") }
        return fields.joined(separator: "  ·  ")
    }

    /// Field by field: the size tuple keeps the comparison from being synthesised.
    public static func == (lhs: StatusLine, rhs: StatusLine) -> Bool {
        lhs.index == rhs.index && lhs.count == rhs.count && lhs.name == rhs.name
            && lhs.size?.width == rhs.size?.width && lhs.size?.height == rhs.size?.height
            && lhs.zoomPercent == rhs.zoomPercent && lhs.mode == rhs.mode && lhs.marks == rhs.marks
            && lhs.view == rhs.view
    }
}
