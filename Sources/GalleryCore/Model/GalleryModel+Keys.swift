import PagerEngine
import Support

/// What a key means now: the typed number, the scroll keys on each screen, the help that any key closes.
extension GalleryModel {

    /// A key press, with the help closed (`closeHelp()` first): carries out what it means (`command(forKey:)`).
    mutating func key(_ key: GalleryKey, isRepeat: Bool, at time: Double) -> [GalleryEffect] {
        guard let command = command(forKey: key, isRepeat: isRepeat, at: time) else { return [] }
        return perform(command, at: time)
    }

    /// What a key press means now, nil for nothing: digits make a number that g, G or Enter jumps to (clamped to the
    /// last photo), and do nothing else; any other key forgets the number; Up and Down move the grid's selection, pan
    /// a zoomed photo or step the wheel's rows; a held key's repeats never queue more than one page beyond the one
    /// shown, so letting go stops on the next photo.
    mutating func command(forKey key: GalleryKey, isRepeat: Bool, at time: Double) -> GalleryCommand? {
        slideshow.noteInteraction(at: time)
        countPrefix.expire(at: time)
        let command: GalleryCommand
        switch key {
        case .digit(let digit):
            if !isRepeat { countPrefix.add(digit: digit, at: time) }
            return nil
        case .scroll(let step):
            guard let scrolled = scrollCommand(step, at: time) else {
                countPrefix.clear()
                return nil
            }
            command = scrolled
        case .unbound:
            countPrefix.clear()
            return nil
        case .command(let bound):
            command = bound
        }
        let countKey = command == .first || command == .last || command == .open
        if countKey, let typed = countPrefix.take(at: time) {
            return .goToPage(PageIndex(min(max(typed, 1), max(pageCount, 1)) - 1))
        }
        // A number before x or y picks the folder: `2 x` moves to the second --move-to.
        if command == .moveTo(1) || command == .copyTo(1), let typed = countPrefix.take(at: time) {
            let folder = min(max(typed, 1), 9)
            return command == .moveTo(1) ? .moveTo(folder) : .copyTo(folder)
        }
        countPrefix.clear()
        let turns = [.next, .previous, .pan(.left), .pan(.right)].contains(command)
        if isRepeat, turns, let pager, pager.slotsAhead != 0 { return nil }
        return command
    }

    /// What Up or Down mean on the screen shown (`Screen.scrollCommand`), a pager's photo zoomed or not.
    private func scrollCommand(_ step: Int, at time: Double) -> GalleryCommand? {
        screen.scrollCommand(step, at: time)
    }

    /// Moves the typed number to `time`: forgotten after its timeout. Returns whether it was.
    @discardableResult
    mutating func expireCount(at time: Double) -> Bool {
        countPrefix.expire(at: time)
    }

    /// When the typed number is forgotten, for a timed wake-up (its prompt goes).
    public var countDeadline: Double? { countPrefix.deadline }

    /// Up, Down and the wheel scroll the help while it shows and is longer than the window (`facts`' scroll range);
    /// whether `input` did.
    mutating func scrollHelp(for input: GalleryInput) -> Bool {
        guard overlays.showsHelp, let maxScroll = facts.helpMaxScroll, maxScroll > 0 else { return false }
        let lines: Int
        switch input {
        case .key(.scroll(let step), _): lines = step
        case .wheel(_, let dy) where dy != 0: lines = dy > 0 ? -3 : 3
        default: return false
        }
        overlays.helpScroll = min(max(overlays.helpScroll + lines, 0), maxScroll)
        return true
    }

    /// Closes the help if it shows; returns whether it did (then the key that closed it does nothing else).
    mutating func closeHelp() -> Bool {
        defer {
            overlays.showsHelp = false
            overlays.helpScroll = 0
        }
        return overlays.showsHelp
    }
}
