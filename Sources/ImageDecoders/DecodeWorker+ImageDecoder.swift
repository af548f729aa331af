import Imaging

extension DecodeWorker {
    /// A worker decoding with `decoder` on `threadCount` threads (at least 1), calling `wake` after each batch of
    /// results (nil: nothing, e.g. in headless runs); a HEIF or AVIF page's embedded thumbnail is posted first.
    ///
    /// With `decodesAlone` the threads take one request at a time until `decodeInParallel()`: a window starts that
    /// way, so its first photo does not share the cores with its neighbours' decodes.
    public convenience init(
        decoder: ImageDecoder = ImageDecoder(), threadCount: Int = 2, wake: (@Sendable () -> Void)?,
        decodesAlone: Bool = false
    ) {
        self.init(threadCount: threadCount, wake: wake, budget: decoder.budget, decodesAlone: decodesAlone) {
            request throws(DecodeFailure) in
            try decoder.decode(
                request.source, fitting: request.box, region: request.region, animated: request.purpose != .picture)
        } preview: { request in
            request.region == nil ? decoder.preview(request.source, fitting: request.box) : nil
        }
    }
}
