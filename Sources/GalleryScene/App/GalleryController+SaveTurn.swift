import GalleryCore
import Logging

/// Ctrl+S's outcome: the turn now comes from the file, so the view's turn goes back to upright and the photo is decoded
/// again (`PageDecodes.recheck`: its changed file is re-examined); a refusal is said on the information line, the file as it
/// was.
extension GalleryController {
    /// Takes a finished save of the view's turn.
    func receiveSavedTurn(_ outcome: TurnSavingRunner.Outcome, at time: Double) {
        needsRedraw = true
        let name = outcome.path.lastIndex(of: "/").map { String(outcome.path[outcome.path.index(after: $0)...]) }
        switch outcome.result {
        case .success(let saved):
            report(.turnSaved(outcome.photo), at: time)
            store.decodes.recheck(outcome.photo)
            updateResidency()
            report(
                .notice(
                    "turn saved into \(name ?? outcome.path): EXIF orientation \(saved.before) → \(saved.after) "
                        + "(not undoable: turn it back and save again)"), at: time)
        case .failure(let refusal):
            let text = "can't save the turn losslessly into this file: \(refusal)"
            Logger(label: "gallery.save-turn").warning("\(outcome.path): \(text)", source: Logger.gallerySource)
            report(.notice(text), at: time)
        }
    }
}
