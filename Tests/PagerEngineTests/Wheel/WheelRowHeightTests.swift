import PagerEngine
import Testing

/// The wheel's rows follow the room and the scale: seven to a viewport while each is at least 64 points tall, fewer
/// and taller below that (at 480×320 and scale 2 the names were 6 pt and the thumbnails vanished).
@Suite("Wheel row height")
struct WheelRowHeightTests {
    /// A viewport and the rows it should show.
    struct Case: Sendable, CustomTestStringConvertible {
        let width: Double, height: Double, scale: Double, rows: Double, rowHeight: Double
        var testDescription: String { "\(Int(width))×\(Int(height)) at \(scale)" }
    }

    static let cases: [Case] = [
        Case(width: 1280, height: 720, scale: 1, rows: 7, rowHeight: 720.0 / 7),
        Case(width: 1024, height: 600, scale: 1, rows: 7, rowHeight: 600.0 / 7),
        Case(width: 3840, height: 2160, scale: 2, rows: 7, rowHeight: 2160.0 / 7),
        Case(width: 480, height: 320, scale: 1, rows: 5, rowHeight: 64),
        Case(width: 480, height: 320, scale: 2, rows: 2.5, rowHeight: 128),
        Case(width: 1024, height: 600, scale: 2, rows: 600.0 / 128, rowHeight: 128),
        Case(width: 1024, height: 600, scale: 1.5, rows: 600.0 / 96, rowHeight: 96),
        Case(width: 320, height: 240, scale: 2, rows: 1.875, rowHeight: 128),
        Case(width: 320, height: 60, scale: 2, rows: 1, rowHeight: 60),
    ]

    @Test("Rows per viewport and row height at a size and scale", arguments: cases)
    func rows(_ example: Case) {
        let pager = Pager(
            topology: WheelTopology(rowCount: 12),
            viewport: Viewport(width: example.width, height: example.height, scale: example.scale))
        #expect(abs(pager.wheelRowsPerViewport - example.rows) < 1e-9)
        #expect(abs(pager.extent - example.rowHeight) < 1e-9)
    }

    @Test("A new scale keeps the row at the centre, as a resize does")
    func newScaleKeepsTheRow() {
        var pager = Pager(
            topology: WheelTopology(rowCount: 12, startRow: 5), viewport: Viewport(width: 480, height: 320))
        _ = pager.handle(.resize(Viewport(width: 480, height: 320, scale: 2)), at: 1)
        #expect(pager.currentPage == 5)
        #expect(abs(pager.slotPosition - 5) < 1e-9)
        #expect(pager.extent == 128)
    }
}
