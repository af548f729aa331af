import PagerEngine
import Support

/// What the gallery model asks its adapter (the SDL side) to carry out in the world, in order: trace lines, decodes,
/// uploads, flights only its renderer can place, the user's actions, file work. Everything the model can decide it has
/// decided before returning them; what their work reports comes back through the door (`WorldReport`).
public enum GalleryEffect: Equatable, Sendable {
    /// The pager reported these: write them to the trace, ask the feed's source for more on `needsMorePages`, a
    /// stand-in thumbnail on `jumped`.
    case pagerEvents([PagerEvent])
    /// The screen changed from the mode `left` (a mode switch): the page stores and thumbnails re-arrange for the new
    /// one.
    case screenChanged(left: GalleryMode)
    /// The zoom came to rest, or left its photo, or went back to fit: decode the zoomed photo's visible region at the
    /// size it is drawn, or drop the sharp region when nothing is zoomed.
    case sharpen
    /// List the photos' folders again (`r`), off the main thread; the library changes when the listing is done.
    case reload
    /// List the photos again in the next order (`PhotoSort.next`), keeping the photo shown.
    case cycleSort
    /// Find the first photo of the next (`forward`) or previous folder from `from` in the library's order, wrapping
    /// around or not (`FolderJump`), and report it (`WorldReport.folderReached`) or why there is none.
    case jumpFolder(from: PhotoID, forward: Bool, wraps: Bool)
    /// The grid opened `photo` in the pager (the `screenChanged` follows): the painter zooms it from `cell`, its grid
    /// cell.
    case zoomFromGrid(photo: PhotoID, cell: LayoutRect)
    /// A pager gave way to the grid on `photo` (the `screenChanged` follows): the page drawn in the old pager's
    /// `slot` flies into its cell, from where a drag down let go of it (`pose`) or else from the page box.
    case zoomIntoGrid(photo: PhotoID, slot: Int?, from: DismissPose?)
    /// Run action `number` (`--actionN`) on `photo` (the current one) and the marked photos.
    case runAction(number: Int, photo: PhotoID, marked: [PhotoID])
    /// Move `photo`'s file to the Trash, off the main thread; the library changes when it is there.
    case trash(PhotoID)
    /// Restore the photo last moved to the Trash this session, off the main thread, and show it.
    case undoTrash
    /// Move (`removing`) or copy `photos`' files into the culling folder `folder` (1-based, of `--move-to` or
    /// `--copy-to`), off the main thread; moved ones leave the library when they are there.
    case placeFiles([PhotoID], folder: Int, removing: Bool)
    /// Write `turn`, the view's, into `photo`'s file's EXIF orientation (`TurnSaving`), off the main thread.
    case saveTurn(PhotoID, turn: ViewOrientation)
    /// Put `photo`'s path on the clipboard.
    case copyPath(PhotoID)
    /// Open `photo` with `xdg-open`, off the main thread.
    case openWith(PhotoID)
    /// Make the window fill the screen, or leave full screen (F, F11, a double-click, Escape).
    case toggleFullscreen
    /// The input changed nothing on screen (an unbound key, a held key's extra repeat): no frame is drawn for it.
    case unchanged
}
