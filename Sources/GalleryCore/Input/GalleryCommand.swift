import PagerEngine
import Support

/// Something the user asks the gallery to do, whatever key or gesture asked it.
public enum GalleryCommand: Hashable, Sendable {
    /// One photo forward.
    case next
    /// One photo back.
    case previous
    /// To the first photo.
    case first
    /// To the last photo.
    case last
    /// To this logical page of a pager (the shorter way round in loops): a page dot, a typed number; in the grid,
    /// whose cells are the photos in order, the photo of that number.
    case goToPage(PageIndex)
    /// To this photo: in a pager the page showing it (in the feed, the nearest such page), in the grid its cell.
    case goToPhoto(PhotoID)
    /// Ten photos forward (PageDown, `]`).
    case pageForward
    /// Ten photos back (PageUp, `[`).
    case pageBackward
    /// Switch between a window and the whole screen.
    case toggleFullscreen
    /// Show or hide the information panel (HUD).
    case toggleInfoPanel
    /// Show or hide the status bar that stays (nsxiv's `b`).
    case toggleStatusBar
    /// Switch to this arrangement, keeping the current photo.
    case mode(GalleryMode)
    /// Quit the app.
    case quit
    /// Step back out (Escape, as in eog): leave fullscreen, else the grid or the wheel (opening the photo), else the
    /// zoom (back to fit); quit only from a pager showing the photo fitted, in a window.
    case back
    /// List the folders again (`r`): new files join, removed ones leave, changed ones are read again; the photo shown
    /// stays.
    case reload
    /// List the photos again in the next order: name, modification time, date taken, file size; the photo shown
    /// stays.
    case cycleSort
    /// Retry a failed feed load or a failed decode.
    case retry
    /// Flip the wheel's arc between clockwise and anticlockwise.
    case flipWheel
    /// Open the wheel's centred photo, or the grid's selected one, in the pager mode used before; in a pager, open the
    /// grid on the current photo (Enter and `t`, as nsxiv's Enter).
    case open
    /// Start or stop the slideshow.
    case toggleSlideshow
    /// Zoom in a step (`ZoomSteps`) on the photo, at the centre.
    case zoomIn
    /// Zoom out a step (`ZoomSteps`), down to fit (or to 100 % of a photo smaller than its fit).
    case zoomOut
    /// Show the photo at 100 %: one image pixel per screen pixel.
    case zoomActualSize
    /// Fit the photo to the window again.
    case zoomToFit
    /// Show the file names under the grid's thumbnails, or not (`c`).
    case toggleGridNames
    /// The next fit mode (`FitMode`: fit, width, fill), shown on the photo and on each photo arrived at.
    case cycleFitMode
    /// Show or hide the help that lists every key and gesture.
    case toggleHelp
    /// Mark the current photo, or unmark it (`m`).
    case toggleMark
    /// Mark every unmarked photo and unmark the marked ones (`M`, Ctrl+M): pressed again, it undoes itself.
    case invertMarks
    /// Unmark every photo (Ctrl+U, as nsxiv).
    case clearMarks
    /// To the next marked photo after the current one (`N`, as nsxiv); nothing when none follows.
    case nextMarked
    /// To the previous marked photo (`P`, as nsxiv); nothing when none comes before.
    case previousMarked
    /// To the first photo of the next folder in the gallery's order (`FolderJump`): `}`, Ctrl+PageDown.
    case nextFolder
    /// To the first photo of the previous folder in the gallery's order (`FolderJump`): `{`, Ctrl+PageUp.
    case previousFolder
    /// Run the user's action `--actionN` (Ctrl+N, 1 to 9) on the current photo or the marked ones.
    case action(Int)
    /// Pause or play the animation on screen (an animated GIF).
    case toggleAnimation
    /// Pause the animation on screen and show its next frame.
    case nextFrame
    /// Pause the animation on screen and show its previous frame.
    case previousFrame
    /// Turn or mirror the photo shown, on screen only (nsxiv's `<` `>` `|` `_`); kept for that photo while the gallery
    /// runs.
    case orient(ViewOrientation.Change)
    /// Pan the zoomed photo a step that way; at its edge (or at fit) Left and Right turn the page (nsxiv's arrows and
    /// hjkl).
    case pan(PanDirection)
    /// Keep the zoom across page turns, or go back to fit on each (nsxiv's habit, feh's `--keep-zoom-vp`).
    case toggleKeepZoom
    /// Move the current photo to the desktop's Trash (Delete); it leaves the library, its neighbour shows.
    case trash
    /// Put the photo last moved to the Trash back where it was, and show it (Ctrl+Z; again: the one before); undo a move
    /// or copy into a folder the same way, in the one history.
    case undoTrash
    /// Move the photo (or the marked ones) into the `--move-to` folder of this number, 1 to 9 (`x`, `2 x`).
    case moveTo(Int)
    /// Copy the photo (or the marked ones) into the `--copy-to` folder of this number, 1 to 9 (`y`, `2 y`).
    case copyTo(Int)
    /// Write the view's turn into the current photo's file, losslessly: its EXIF orientation tag rewritten (Ctrl+S).
    case saveTurn
    /// Copy the current photo to the clipboard: its picture, its file's URI and its path (Ctrl+C).
    case copyPath
    /// Open the current photo in the desktop's default application for its type (`xdg-open`, Ctrl+O).
    case openWith
    /// Compare two photos: open or close the compare screen, change its layout, swap its sides (`v`, `V`, `u`).
    case compare(CompareAction)
}
