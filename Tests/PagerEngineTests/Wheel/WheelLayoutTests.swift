import Foundation
import PagerEngine
import Testing

@Suite("WheelLayout")
struct WheelLayoutTests {
    /// A 1280 × 720 viewport with 60 px rows: r = 360, six rows each side of the centre one.
    private func layout(
        radiusRatio: Double = 0.8, direction: WheelDirection = .clockwise, rowHeight: Double = 60,
        height: Double = 720
    ) -> WheelLayout {
        WheelLayout(
            rowHeight: rowHeight, viewportWidth: 1280, viewportHeight: height, radiusRatio: radiusRatio,
            direction: direction)
    }

    @Test("the arc offset is r_h in the middle and 0 at the rim", arguments: [0.5, 0.8, 1.0, 1.5])
    func arcEnds(radiusRatio: Double) {
        let wheel = layout(radiusRatio: radiusRatio)
        #expect(wheel.horizontalRadius == 360 * radiusRatio)
        #expect(wheel.arcOffset(atDistance: 0) == wheel.horizontalRadius)
        #expect(wheel.arcOffset(atDistance: 360) == 0)
        #expect(wheel.arcOffset(atDistance: -360) == 0)
        #expect(wheel.arcOffset(atDistance: 360.001) == nil)
    }

    @Test(
        "the circular table's x = r_h·cos(asin(y/r)) at tabulated points, symmetric",
        arguments: [0.1, 0.25, 0.5, 0.6, 0.8, 0.99, 0.999_999]
    )
    func seedFormula(fraction: Double) throws {
        let wheel = layout()
        let y = fraction * wheel.radius
        let seed = wheel.horizontalRadius * cos(asin(y / wheel.radius))
        let above = try #require(wheel.arcOffset(atDistance: -y))
        let below = try #require(wheel.arcOffset(atDistance: y))
        #expect(abs(below - seed) < 1e-9 * wheel.horizontalRadius)
        #expect(above == below)
    }

    @Test("3-4-5 points: y = 0.6 r gives 0.8 r_h and y = 0.8 r gives 0.6 r_h", arguments: [(0.6, 0.8), (0.8, 0.6)])
    func pythagoreanPoints(fraction: Double, expected: Double) throws {
        let wheel = layout()
        let offset = try #require(wheel.arcOffset(atDistance: fraction * wheel.radius))
        #expect(abs(offset - expected * wheel.horizontalRadius) < 1e-9)
    }

    @Test("rows: every one on the arc, top to bottom, none missing", arguments: [0.0, 0.25, 0.5, 3.7, 999.99])
    func rowsCoverTheArc(position: Double) throws {
        let wheel = layout()
        let rows = wheel.rows(atSlotPosition: position, topology: WheelTopology(rowCount: 1000))
        let first = try #require(rows.first)
        let last = try #require(rows.last)
        #expect(rows.map(\.slot) == Array(first.slot...last.slot))
        #expect(abs(first.y - wheel.rowHeight) > wheel.radius, "the row above the first is off the arc")
        #expect(abs(last.y + wheel.rowHeight) > wheel.radius, "the row below the last is off the arc")
        for row in rows {
            #expect(abs(row.y) <= wheel.radius)
            #expect(row.y == (Double(row.slot) - position) * wheel.rowHeight)
            #expect(row.x == wheel.arcOffset(atDistance: row.y))
        }
    }

    @Test("an integer position centres its row at x = r_h; the rows at ±r sit at x = 0")
    func centredRow() {
        let wheel = layout()
        let rows = wheel.rows(atSlotPosition: 4, topology: WheelTopology(rowCount: 10))
        #expect(rows.map(\.slot) == Array(-2...10))
        #expect(rows.first { $0.slot == 4 }?.x == wheel.horizontalRadius)
        #expect(rows.first { $0.slot == 4 }?.y == 0)
        #expect(rows.first?.x == 0)
        #expect(rows.last?.x == 0)
    }

    @Test("anticlockwise is the mirror image about the vertical centre line", arguments: [0.0, 0.3, 7.5])
    func mirrored(position: Double) {
        let wheel = WheelTopology(rowCount: 12)
        let clockwise = layout(direction: .clockwise).rows(atSlotPosition: position, topology: wheel)
        let anticlockwise = layout(direction: .anticlockwise).rows(atSlotPosition: position, topology: wheel)
        let rowWidth = layout().rowWidth
        #expect(rowWidth == 1280 - 0.8 * 360)
        #expect(clockwise.map(\.slot) == anticlockwise.map(\.slot))
        #expect(clockwise.map(\.y) == anticlockwise.map(\.y))
        for (right, left) in zip(clockwise, anticlockwise) {
            // The clockwise row spans [x, x + w]; its mirror spans [W − x − w, W − x].
            #expect(abs(left.x - (1280 - right.x - rowWidth)) < 1e-9)
        }
    }

    @Test(
        "rows show their slot wrapped; a single row does not repeat",
        arguments: [(1, 0.0), (1, 0.4), (2, 0.5), (3, 2.9), (3, 0.1), (10_000, 9_999.5), (10_000, 0.2)]
    )
    func wraps(rowCount: Int, position: Double) {
        let rows = layout().rows(atSlotPosition: position, topology: WheelTopology(rowCount: rowCount))
        #expect(rows.allSatisfy { $0.row == WrapMath.wrap($0.slot, count: rowCount) })
        if rowCount == 1 {
            #expect(rows.map(\.slot) == [0])
        } else {
            let endless = layout().rows(atSlotPosition: position, topology: WheelTopology(rowCount: 1_000_000))
            #expect(rows.map(\.slot) == endless.map(\.slot), "a short loop fills the arc like an endless list")
        }
    }

    @Test(
        "no NaN, whatever the position or geometry",
        arguments: [-1e9, -3.3, 0, 0.5, 1e6 + 0.25, 1e300, .nan, .infinity, -.infinity]
    )
    func neverNaN(position: Double) {
        let topology = WheelTopology(rowCount: 7)
        let geometries = [
            layout(), layout(radiusRatio: 0), layout(rowHeight: 0), layout(rowHeight: -5), layout(height: 0),
            layout(rowHeight: 1e-300), layout(rowHeight: 1000), layout(rowHeight: 37.3, height: 481),
        ]
        for wheel in geometries {
            for row in wheel.rows(atSlotPosition: position, topology: topology) {
                #expect(row.x.isFinite && row.y.isFinite)
                #expect(abs(row.y) <= wheel.radius)
            }
        }
    }
}
