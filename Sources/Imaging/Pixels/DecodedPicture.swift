/// A page's decoded picture as the viewer receives it: the pixels, why they may be incomplete, and an animation's stream.
///
/// What a decode gives whether it ran in the viewer or in a decoder process (whose pixels stay in the shared memory
/// they came in): a value of buffers no one writes once the decoder handed it on.
public struct DecodedPicture: Sendable {
    /// The picture (an animation's first frame), fitted to the size it is drawn at.
    public var pixels: PixelBuffer
    /// The decoder's warning about a damaged file (the pixels hold what decoded), or nil.
    public var damageNote: String?
    /// Why an animation shows its first frame only (its frames would not fit the decode budget), or nil.
    public var animationNote: String?
    /// An animation's frames, decoded as they are due (the first is `pixels`' picture), or nil for a still.
    public var animation: AnimationStream?

    /// `pixels`, with its notes and an animation's frames.
    public init(
        pixels: PixelBuffer, damageNote: String? = nil, animationNote: String? = nil, animation: AnimationStream? = nil
    ) {
        self.pixels = pixels
        self.damageNote = damageNote
        self.animationNote = animationNote
        self.animation = animation
    }

    /// `image`'s pixels and damage note.
    public init(_ image: DecodedImage) {
        self.init(pixels: image.pixels, damageNote: image.damageNote)
    }

    /// The picture's size.
    public var size: PixelSize { pixels.size }

    /// Whether every pixel is opaque (copies need no blending).
    public var isOpaque: Bool { pixels.format.isOpaque }

    /// Bytes of pixel memory held: the picture and, while it plays, an animation's ring.
    public var byteCount: Int { pixels.byteCount + (animation?.byteCount ?? 0) }
}
