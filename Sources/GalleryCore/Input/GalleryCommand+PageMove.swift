import PagerEngine

extension GalleryCommand {
    /// The strip's move for a page command, the same for the pager's pages and the wheel's rows: a turn, an end, a
    /// page by number, or ten pages from `target` (where queued presses head); nil for any other command (a photo by
    /// number means a page only to the screen that knows which shows it).
    func pageMove(from target: PageIndex) -> PagerCommand? {
        switch self {
        case .next: .next
        case .previous: .previous
        case .first: .first
        case .last: .last
        case .goToPage(let page): .goTo(page: page)
        case .pageForward: .goTo(page: PageIndex(target.rawValue + GalleryModel.pageJump))
        case .pageBackward: .goTo(page: PageIndex(target.rawValue - GalleryModel.pageJump))
        default: nil
        }
    }
}
