extension EmbeddedColour {
    /// The colour an `nclx` box (HEIF, AVIF) states with H.273's codes: `xy` the white point and primaries in
    /// `EmbeddedColour.primaries`' order, `primaries` and `transfer` the codes. Nil for sRGB's (primaries 1 BT.709 or
    /// 2 unspecified, with transfer 1, 6, 14, 15 BT.709's, 2 unspecified or 13 sRGB), whose pixels are used as decoded.
    package static func nclx(xy: [Double], primaries: Int, transfer: Int) -> EmbeddedColour? {
        if [1, 2].contains(primaries), [1, 2, 6, 13, 14, 15].contains(transfer) { return nil }
        let curve: Transfer =
            switch transfer {
            case 1, 6, 14, 15: .bt709
            case 4: .power(2.2)
            case 5: .power(2.8)
            case 8: .power(1)
            default: .sRGB  // sRGB, unspecified, and HDR curves (PQ, HLG), which are not tone-mapped
            }
        return .primaries(xy, transfer: curve)
    }
}
