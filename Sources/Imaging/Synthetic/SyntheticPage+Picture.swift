extension SyntheticPage {
    /// Generated page `index` of `count` as a decode gives it: fitted inside `box`, or only `region` of the fitted
    /// page (clipped), or why it cannot be made. Needs no format library, so the viewer makes these itself.
    package static func picture(
        _ source: PageSource, index: Int, count: Int, fitting box: PixelSize, region: PixelRect?
    ) throws(DecodeFailure) -> DecodedPicture {
        guard count > 0, (0..<count).contains(index) else {
            throw DecodeFailure(source: source, reason: .invalidSyntheticPage(index: index, count: count))
        }
        do {
            let page = try SyntheticPage(index: index, count: count).render(fitting: box)
            guard let region, let part = region.clipped(to: page.size) else {
                return DecodedPicture(pixels: page)
            }
            return DecodedPicture(pixels: try page.cropped(to: part))
        } catch {
            throw DecodeFailure(source: source, reason: .processingFailed(error.description))
        }
    }
}

extension PixelRect {
    /// This rectangle within a picture of `size`, or nil when nothing of it lies inside.
    package func clipped(to size: PixelSize) -> PixelRect? {
        let left = max(x, 0), top = max(y, 0)
        let right = min(x + width, size.width), bottom = min(y + height, size.height)
        guard right > left, bottom > top else { return nil }
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }
}
