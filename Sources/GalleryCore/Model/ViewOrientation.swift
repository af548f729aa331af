/// How a photo is turned and mirrored on screen, for the view only (nsxiv's `<` `>` `|` `_`, eog's Ctrl+R): nothing
/// is written to the file. It is a quarter-turn rotation applied after an optional left-right mirror, the order SDL's
/// `SDL_RenderCopyEx` applies its flip and angle in.
public struct ViewOrientation: Hashable, Sendable {
    /// Clockwise quarter turns, 0…3.
    public let quarterTurns: Int
    /// Whether the photo is mirrored left to right before it is turned.
    public let mirrored: Bool

    /// One step of the view keys.
    public enum Change: Hashable, Sendable {
        /// A quarter turn clockwise (`>`, Ctrl+R).
        case turnClockwise
        /// A quarter turn anticlockwise (`<`).
        case turnAnticlockwise
        /// A left-right mirror as shown (`|`).
        case mirrorHorizontally
        /// A top-bottom mirror as shown (`_`).
        case mirrorVertically
    }

    /// As stored: not turned, not mirrored.
    public static let upright = ViewOrientation(quarterTurns: 0, mirrored: false)

    /// `quarterTurns` clockwise (any integer, taken modulo 4) after a mirror when `mirrored`.
    public init(quarterTurns: Int, mirrored: Bool) {
        self.quarterTurns = ((quarterTurns % 4) + 4) % 4
        self.mirrored = mirrored
    }

    /// Turned a further quarter clockwise (`>`, Ctrl+R).
    public var turnedClockwise: ViewOrientation { ViewOrientation(quarterTurns: quarterTurns + 1, mirrored: mirrored) }

    /// Turned a further quarter anticlockwise (`<`).
    public var turnedAnticlockwise: ViewOrientation {
        ViewOrientation(quarterTurns: quarterTurns - 1, mirrored: mirrored)
    }

    /// Mirrored left to right as it is shown (`|`): a mirror after a turn is the opposite turn after a mirror.
    public var mirroredHorizontally: ViewOrientation {
        ViewOrientation(quarterTurns: -quarterTurns, mirrored: !mirrored)
    }

    /// Mirrored top to bottom as it is shown (`_`): a left-right mirror and a half turn.
    public var mirroredVertically: ViewOrientation {
        ViewOrientation(quarterTurns: 2 - quarterTurns, mirrored: !mirrored)
    }

    /// After `change`.
    public func applying(_ change: Change) -> ViewOrientation {
        switch change {
        case .turnClockwise: turnedClockwise
        case .turnAnticlockwise: turnedAnticlockwise
        case .mirrorHorizontally: mirroredHorizontally
        case .mirrorVertically: mirroredVertically
        }
    }

    /// Whether the photo's width and height trade places on screen.
    public var swapsSides: Bool { quarterTurns % 2 == 1 }

    /// The clockwise angle in degrees, for the renderer.
    public var degrees: Double { Double(quarterTurns) * 90 }

    /// A `width` × `height` picture's size as shown.
    public func shown(width: Int, height: Int) -> (width: Int, height: Int) {
        swapsSides ? (height, width) : (width, height)
    }

    /// Where the picture's pixel (`x`, `y`) of a `width` × `height` picture lands as shown (in the shown size's
    /// coordinates): the mirror first, then the turns.
    public func shownPoint(x: Int, y: Int, width: Int, height: Int) -> (x: Int, y: Int) {
        var point = (x: mirrored ? width - 1 - x : x, y: y)
        var size = (width: width, height: height)
        for _ in 0..<quarterTurns {
            // A quarter clockwise: the left column becomes the top row.
            point = (size.height - 1 - point.y, point.x)
            size = (size.height, size.width)
        }
        return point
    }

    /// How the status line and the information panel name it: nil when upright.
    public var label: String? {
        guard self != .upright else { return nil }
        let turn = quarterTurns == 0 ? nil : "turned \(Int(degrees))°"
        return [turn, mirrored ? "mirrored" : nil].compactMap { $0 }.joined(separator: ", ")
    }
}
