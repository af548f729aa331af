import Testing

@testable import Imaging

@Suite struct PlaceholderPatternTests {
    @Test(arguments: PlaceholderPattern.allCases, [8, 32, 63])
    func tileIsAnOpaqueSquareOfTheCellSize(pattern: PlaceholderPattern, cellSize: Int) throws {
        let tile = try pattern.makeTile(cellSize: cellSize)
        #expect(tile.size == PixelSize(width: cellSize, height: cellSize))
        #expect(tile.hasStandardFormat && tile.isOpaque)
    }

    @Test(arguments: [0, -5, 100_000])
    func cellSizeIsClamped(cellSize: Int) throws {
        let tile = try PlaceholderPattern.chequeredFlag.makeTile(cellSize: cellSize)
        #expect(PlaceholderPattern.cellSizes.contains(tile.width))
        #expect(tile.width == tile.height)
    }

    @Test(arguments: [16, 32, 48])
    func chequeredFlagHasBlackTopLeftAndBottomRightQuarters(cellSize: Int) throws {
        let tile = try PlaceholderPattern.chequeredFlag.makeTile(cellSize: cellSize)
        let quarter = cellSize / 4
        let threeQuarters = cellSize * 3 / 4
        #expect(tile.rgba(x: quarter, y: quarter) == .black)
        #expect(tile.rgba(x: threeQuarters, y: quarter) == .white)
        #expect(tile.rgba(x: quarter, y: threeQuarters) == .white)
        #expect(tile.rgba(x: threeQuarters, y: threeQuarters) == .black)
        #expect(tile.rgba(x: cellSize / 2 - 1, y: cellSize / 2 - 1) == .black)
        #expect(tile.rgba(x: cellSize / 2, y: cellSize / 2 - 1) == .white)
    }

    @Test(arguments: [16, 32, 64])
    func diagonalCrossHasRedDiagonalsAndABlackCentre(cellSize: Int) throws {
        let tile = try PlaceholderPattern.diagonalCross.makeTile(cellSize: cellSize)
        let last = cellSize - 1
        #expect(tile.rgba(x: cellSize / 2, y: cellSize / 2) == .black)
        #expect(tile.rgba(x: cellSize * 3 / 8, y: cellSize * 5 / 8 - 1) == .black)
        for corner in [(0, 0), (last, 0), (0, last), (last, last)] {
            #expect(tile.rgba(x: corner.0, y: corner.1) == .red)
        }
        #expect(tile.rgba(x: cellSize / 8, y: cellSize / 8) == .red)
        #expect(tile.rgba(x: cellSize / 2, y: 0) == .white)
        #expect(tile.rgba(x: 0, y: cellSize / 2) == .white)
        #expect(tile.rgba(x: cellSize / 4, y: cellSize * 3 / 4 + 2) == .white)
    }

    /// Circles of diameter one cell around the centre, the edge midpoints and the corners: strokes pass through the
    /// centre and the edge midpoints, and a quarter of the way in along the diagonal is clear of every circle.
    @Test(arguments: [16, 32, 64])
    func circlesCrossTheCentreAndEdgeMidpoints(cellSize: Int) throws {
        let tile = try PlaceholderPattern.circles.makeTile(cellSize: cellSize)
        let half = cellSize / 2
        #expect(tile.rgba(x: half, y: half) == .black)
        #expect(tile.rgba(x: half, y: 0) == .black)
        #expect(tile.rgba(x: 0, y: half) == .black)
        #expect(tile.rgba(x: cellSize / 4, y: cellSize / 4) == .white)
        #expect(tile.rgba(x: cellSize * 3 / 4, y: cellSize / 4) == .white)
    }
}
