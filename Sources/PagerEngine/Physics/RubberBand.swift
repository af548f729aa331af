/// UIKit rubber band: shown = c·o·d/(d + c·o), inverse o = b·d/(c·(d − b)); sign-symmetric (negative o gives negative shown).
///
/// `o` is the raw overscroll (how far the finger pulled past the edge), `b` the offset shown, `d` the
/// viewport dimension. The shown offset approaches `d` but never reaches it. A dimension that is not
/// positive leaves no room to stretch (everything maps to 0); NaN inputs give 0.
public enum RubberBand {
    /// UIKit's rubber-band coefficient (0.55): the slope at the edge, i.e. the content first moves at 55 % of the finger.
    public static let coefficient = 0.55

    /// The offset shown for a raw `overscroll` past the edge of a viewport `dimension` pixels wide.
    public static func offset(
        forOverscroll overscroll: Double,
        dimension: Double,
        coefficient: Double = RubberBand.coefficient
    ) -> Double {
        guard let stretch = stretch(overscroll, dimension: dimension, coefficient: coefficient) else { return 0 }
        // d·u/(1 + u) with u = c·|o|/d; an infinite pull shows the whole dimension.
        let fraction = stretch.isFinite ? stretch / (1 + stretch) : 1
        return sign(of: overscroll) * dimension * fraction
    }

    /// The raw overscroll that shows `offset` (the inverse of `offset(forOverscroll:…)`), used when the
    /// finger grabs content mid-bounce. Offsets at or beyond the dimension, which no pull can show, are
    /// treated as the largest offset below it, so the answer stays finite and monotonic.
    public static func overscroll(
        forOffset offset: Double,
        dimension: Double,
        coefficient: Double = RubberBand.coefficient
    ) -> Double {
        guard dimension > 0, dimension.isFinite, coefficient > 0, coefficient.isFinite, !offset.isNaN else { return 0 }
        let shownFraction = Swift.min(abs(offset) / dimension, 1.0.nextDown)
        // o = b·d/(c·(d − b)) written as d·(w/(1 − w))/c, w = |b|/d, to avoid overflowing b·d.
        let overscroll = dimension * (shownFraction / (1 - shownFraction)) / coefficient
        return sign(of: offset) * Swift.min(overscroll, .greatestFiniteMagnitude)
    }

    /// d(shown)/d(overscroll) at this overscroll, to damp a release velocity while stretched.
    ///
    /// It is `c·d²/(d + c·|o|)²`: `c` at the edge, falling towards 0 as the band stretches.
    public static func slope(
        atOverscroll overscroll: Double,
        dimension: Double,
        coefficient: Double = RubberBand.coefficient
    ) -> Double {
        guard let stretch = stretch(overscroll, dimension: dimension, coefficient: coefficient) else { return 0 }
        guard stretch.isFinite else { return 0 }
        let shrink = 1 + stretch
        return coefficient / (shrink * shrink)
    }

    /// `u = c·|o|/d`, or nil when the inputs leave no room to stretch (non-positive or non-finite
    /// dimension or coefficient, NaN overscroll).
    private static func stretch(_ overscroll: Double, dimension: Double, coefficient: Double) -> Double? {
        guard dimension > 0, dimension.isFinite, coefficient > 0, coefficient.isFinite, !overscroll.isNaN else {
            return nil
        }
        return coefficient * abs(overscroll) / dimension
    }

    /// −1 for negative values, +1 otherwise (0 maps to +1; its product is 0 anyway).
    private static func sign(of value: Double) -> Double {
        value < 0 ? -1 : 1
    }
}
