/// The tiled patterns shown under a page whose picture is not decoded yet (chequered flag, diagonal cross, circles: the
/// classic Core Graphics `CGPattern` tiles).
public enum PlaceholderPattern: Sendable, Hashable, CaseIterable {
    /// White cell with black top-left and bottom-right quarters: a chequerboard when tiled.
    case chequeredFlag
    /// White cell with red corner-to-corner diagonals and a black square in the middle quarter.
    case diagonalCross
    /// White cell with black circle outlines of diameter one cell, centred in the middle, on the edge midpoints and on
    /// the corners, so tiles join into overlapping rings.
    case circles

    /// The cell sizes `makeTile` accepts; others are clamped into it.
    public static let cellSizes = 4...1024

    /// One square cell of the pattern, `cellSize` pixels a side, opaque, to be tiled edge to edge.
    ///
    /// Strokes are `cellSize / 16` pixels wide, at least 2: one-pixel strokes break up where a circle passes between
    /// pixel centres (it crosses the cell centre exactly on a pixel corner).
    /// `paper` is the ground, `ink` the black parts and `accent` the red diagonals, so quiet tones can replace the
    /// seed's black and white.
    public func makeTile(
        cellSize: Int, paper: RGBA = .white, ink: RGBA = .black, accent: RGBA = .red
    ) throws(PixelBufferError) -> PixelBuffer {
        let cell = min(max(cellSize, Self.cellSizes.lowerBound), Self.cellSizes.upperBound)
        let tile = try PixelBuffer(width: cell, height: cell, format: .xrgb8888)
        let stroke = Double(max(cell / 16, 2))
        switch self {
        case .chequeredFlag:
            let half = cell / 2
            tile.fill(nil, color: paper)
            tile.fill(
                rects: [
                    PixelRect(x: 0, y: 0, width: half, height: half),
                    PixelRect(x: half, y: half, width: cell - half, height: cell - half),
                ],
                color: ink)
        case .diagonalCross:
            // The seed's middle spot: parts 3…5 of 8 on each axis, rounded to whole pixels.
            let spot = (3 * cell + 4) / 8..<(5 * cell + 4) / 8
            let reach = stroke * 2.squareRoot()  // |dx ∓ dy| ≤ stroke·√2 ⇔ distance to the diagonal ≤ stroke / 2
            tile.paint { x, y in
                if spot.contains(x) && spot.contains(y) { return ink }
                // Pixel centres in doubled coordinates keep the test symmetric and exact.
                let doubledX = Double(2 * x + 1)
                let doubledY = Double(2 * y + 1)
                let onDiagonal =
                    abs(doubledX - doubledY) <= reach
                    || abs(doubledX + doubledY - Double(2 * cell)) <= reach
                return onDiagonal ? accent : paper
            }
        case .circles:
            // Doubled coordinates: centres at 0, cell and 2·cell on each axis, radius cell.
            let centres = [0, cell, 2 * cell]
            let radius = Double(cell)
            tile.paint { x, y in
                let doubledX = Double(2 * x + 1)
                let doubledY = Double(2 * y + 1)
                for centreX in centres {
                    for centreY in centres {
                        let distance =
                            ((doubledX - Double(centreX)) * (doubledX - Double(centreX))
                            + (doubledY - Double(centreY)) * (doubledY - Double(centreY))).squareRoot()
                        if abs(distance - radius) <= stroke { return ink }
                    }
                }
                return paper
            }
        }
        return tile
    }
}
