/// The pager's tuned constants; each names its origin.
public struct PagerConfiguration: Equatable, Sendable {
    /// Pointer travel along the paging axis before a press becomes a drag: 4 px (Flutter 3.5, Swiper 5).
    public var dragSlop: Double = 4
    /// Which release settles where.
    public var paging: PagingPolicy = .standard
    /// The settle spring (UIKit paging spring for wide views).
    public var spring: SpringDescription = .paging
    /// Free deceleration for the wheel: UIKit's `.fast` rate (0.99 per ms), a picker's short glide. At `.normal`
    /// (0.998, a long list's) a 200 px flick travelled 8 to 21 rows and took up to 2.8 s to settle; at `.fast` a
    /// 1333 px/s flick glides 132 px (a row and a bit) and a 4000 px/s one 396 px, and each rests within 0.6 s.
    public var deceleration: DecelerationRate = .fast
    /// The rubber band coefficient c (UIKit).
    public var rubberBandCoefficient: Double = RubberBand.coefficient
    /// How a key, the slideshow or a script command turns the page: a quick spring, or no animation at all.
    public var commandTransition: CommandTransition = .spring(.keyPaging)
    /// How many wheel rows fill the viewport height, when each is at least `wheelMinimumRowHeight` tall.
    public var wheelRowsPerViewport: Double = 7
    /// The shortest wheel row, in layout points (pixels at scale 1): a short window or a large scale shows fewer,
    /// taller rows rather than shrinking names and thumbnails (two lines of text and their margins fit in 64).
    public var wheelMinimumRowHeight: Double = 64

    /// Creates the design's configuration.
    public init() {}

    /// The design's configuration.
    public static let standard = PagerConfiguration()
}
