import CLcms2
import CZlib
import Support

/// A Little CMS transform from a photo's embedded colour space to the output profile, applied in place to decoded
/// pixels on the decode thread.
///
/// Transforms are built once per (embedded colour, pixel layout, output profile) and cached for the process, so a
/// folder of Adobe RGB photos builds one. They are created with `cmsFLAGS_NOCACHE`, which makes `cmsDoTransform`
/// thread-safe (the one-pixel cache is the only state it writes). A profile lcms cannot read, or one whose colour space
/// does not match the pixels (a grey profile on RGB), gives no transform: the photo is shown as sRGB.
package final class ColourTransform: @unchecked Sendable {
    /// The pixels a transform reads: straight ARGB8888 surfaces, or a JPEG's CMYK as stored (plain or Adobe-inverted).
    package enum Input: Hashable, Sendable {
        case bgra, cmyk, invertedCMYK
    }

    // Immutable after init; lcms may use it from any thread (NOCACHE).
    private let handle: cmsHTRANSFORM

    private init(handle: cmsHTRANSFORM) {
        self.handle = handle
    }

    deinit {
        cmsDeleteTransform(handle)
    }

    /// The cached transform from `colour` to `output` (nil: sRGB) for `input` pixels, built on first use; nil when
    /// lcms refuses the profile.
    package static func cached(from colour: EmbeddedColour, input: Input, to output: [UInt8]?) -> ColourTransform? {
        let key = Key(colour: colour, input: input, output: output)
        if let entry = cache.withLock({ $0[key] }) { return entry }
        // Built outside the lock: two threads may build the same one, and the second simply replaces the first.
        let transform = make(from: colour, input: input, to: output)
        cache.withLock { cache in
            // A bounded cache: a hostile folder of distinct profiles rebuilds instead of growing memory.
            if cache.count >= 64 { cache.removeAll() }
            cache[key] = transform
        }
        return transform
    }

    /// Converts `width` × `height` ARGB8888 pixels in place, rows `stride` bytes apart (alpha kept).
    package func apply(inPlace pixels: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int) {
        cmsDoTransformLineStride(
            handle, pixels, pixels, UInt32(width), UInt32(height), UInt32(stride), UInt32(stride), 0, 0)
    }

    /// Converts `width` × `height` stored pixels (4 bytes each, tightly packed) into ARGB8888 pixels at `target`, rows
    /// `stride` bytes apart, whose alpha bytes the caller has set.
    package func apply(
        _ pixels: UnsafeRawPointer, width: Int, height: Int, into target: UnsafeMutableRawPointer, stride: Int
    ) {
        cmsDoTransformLineStride(
            handle, pixels, target, UInt32(width), UInt32(height), UInt32(width * 4), UInt32(stride), 0, 0)
    }

    private struct Key: Hashable {
        var colour: EmbeddedColour
        var input: Input
        var output: [UInt8]?
    }

    /// The transforms built, by what they transform.
    private static let cache = LockedState<[Key: ColourTransform?]>([:])

    private static func make(from colour: EmbeddedColour, input: Input, to output: [UInt8]?) -> ColourTransform? {
        guard let source = profile(colour) else { return nil }
        defer { cmsCloseProfile(source) }
        let expected = input == .bgra ? cmsSigRgbData : cmsSigCmykData
        guard cmsGetColorSpace(source) == expected else { return nil }
        guard let target = output.flatMap(openICC) ?? cmsCreate_sRGBProfile() else { return nil }
        defer { cmsCloseProfile(target) }
        guard cmsGetColorSpace(target) == cmsSigRgbData else { return nil }
        let format: cmsUInt32Number =
            switch input {
            case .bgra: gallery_TYPE_BGRA_8
            case .cmyk: gallery_TYPE_CMYK_8
            case .invertedCMYK: gallery_TYPE_CMYK_8_REV
            }
        let flags = UInt32(cmsFLAGS_NOCACHE) | (input == .bgra ? UInt32(cmsFLAGS_COPY_ALPHA) : 0)
        guard
            let handle = cmsCreateTransform(
                source, format, target, gallery_TYPE_BGRA_8, UInt32(INTENT_PERCEPTUAL), flags)
        else { return nil }
        return ColourTransform(handle: handle)
    }

    /// An lcms profile for `colour` (the caller closes it), or nil when it cannot be made.
    private static func profile(_ colour: EmbeddedColour) -> cmsHPROFILE? {
        switch colour {
        case .icc(let bytes):
            return openICC(bytes)
        case .compressedICC(let compressed):
            return inflated(compressed).flatMap(openICC)
        case .primaries(let xy, let transfer):
            guard xy.count == 8, xy.allSatisfy({ $0.isFinite && $0 > 0 && $0 < 1 }) else { return nil }
            var white = cmsCIExyY(x: xy[0], y: xy[1], Y: 1)
            var primaries = cmsCIExyYTRIPLE(
                Red: cmsCIExyY(x: xy[2], y: xy[3], Y: 1), Green: cmsCIExyY(x: xy[4], y: xy[5], Y: 1),
                Blue: cmsCIExyY(x: xy[6], y: xy[7], Y: 1))
            let curve: OpaquePointer?
            switch transfer {
            case .sRGB:
                let parameters = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
                curve = cmsBuildParametricToneCurve(nil, 4, parameters)
            case .bt709:
                let parameters = [1 / 0.45, 1 / 1.099, 0.099 / 1.099, 1 / 4.5, 0.081]
                curve = cmsBuildParametricToneCurve(nil, 4, parameters)
            case .power(let exponent):
                guard exponent.isFinite, exponent > 0.05, exponent < 20 else { return nil }
                curve = cmsBuildGamma(nil, exponent)
            }
            guard let curve else { return nil }
            defer { cmsFreeToneCurve(curve) }
            var curves: [OpaquePointer?] = [curve, curve, curve]
            return cmsCreateRGBProfile(&white, &primaries, &curves)
        }
    }

    private static func openICC(_ bytes: [UInt8]) -> cmsHPROFILE? {
        guard bytes.count >= 132, bytes.count <= EmbeddedColour.maximumProfileBytes else { return nil }
        return bytes.withUnsafeBytes { cmsOpenProfileFromMem($0.baseAddress, UInt32($0.count)) }
    }

    /// `compressed` (a zlib stream) inflated, up to `EmbeddedColour.maximumProfileBytes`; nil when damaged or larger.
    package static func inflated(_ compressed: [UInt8]) -> [UInt8]? {
        var stream = z_stream()
        guard inflateInit_(&stream, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        var input = compressed
        return input.withUnsafeMutableBufferPointer { source -> [UInt8]? in
            stream.next_in = source.baseAddress
            stream.avail_in = UInt32(source.count)
            while true {
                let status = chunk.withUnsafeMutableBufferPointer { buffer -> Int32 in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = UInt32(buffer.count)
                    return inflate(&stream, Z_NO_FLUSH)
                }
                guard status == Z_OK || status == Z_STREAM_END else { return nil }
                output += chunk.prefix(chunk.count - Int(stream.avail_out))
                guard output.count <= EmbeddedColour.maximumProfileBytes else { return nil }
                if status == Z_STREAM_END { return output }
                // No progress with input left means a truncated stream.
                if stream.avail_in == 0 && stream.avail_out != 0 { return nil }
            }
        }
    }
}

extension ColourTransform {
    /// Little CMS's version as loaded now: major · 1000 + minor · 10.
    public static var lcmsVersionNumber: Int32 { cmsGetEncodedCMMversion() }
}
