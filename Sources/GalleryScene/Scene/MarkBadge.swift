import Imaging

/// The badge of a marked photo (`m`): a small amber square with a dark rim in the top-right corner of its picture,
/// in the pager and on the wheel's thumbnails; seen at any size, never hiding much of the photo.
@MainActor
enum MarkBadge {
    /// The badge's fill: amber, unlike any other overlay colour.
    static let fill = RGBA(r: 255, g: 190, b: 40)
    /// The rim around it, so it shows on light photos too.
    static let rim = RGBA(r: 20, g: 20, b: 24)

    /// Draws the badge inside the top-right corner of `rect`, sized to it (8 to 24 pixels).
    static func paint(in rect: PixelRect, renderer: any Canvas) throws {
        let side = min(max(min(rect.width, rect.height) / 12, 8), 24)
        let outer = PixelRect(x: rect.x + rect.width - side - 4, y: rect.y + 4, width: side, height: side)
        try renderer.setDrawColor(rim)
        try renderer.fill(outer)
        try renderer.setDrawColor(fill)
        try renderer.fill(outer.inset(by: 2))
    }
}
