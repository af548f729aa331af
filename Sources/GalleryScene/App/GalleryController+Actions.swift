import GalleryCore
import Logging
import PagerEngine
import Support

/// The user's actions (`--action1` … `--action9`, Ctrl+1 … 9): started on threads of their own, never waited for by
/// the window; when one ends, the photos on screen are examined again off the main thread and re-read if the command
/// changed them (the page stores' identity check, `FileStamp`).
extension GalleryController {
    /// Starts action `number` on `photo` and the `marked` photos (their files; synthetic pages have none); returns what
    /// to tell the model when there is no such action.
    func runAction(_ number: Int, photo: PhotoID, marked: [PhotoID]) -> WorldReport? {
        func file(_ photo: PhotoID) -> String? {
            guard photo.rawValue < library.count, case .file(let path) = library.source(forPhoto: photo) else {
                return nil
            }
            return path
        }
        guard let actions = services.actions, let current = file(photo) else { return nil }
        let markedFiles = marked.compactMap { photo in file(photo).map { (photo: photo, path: $0) } }
        if actions.run(number, current: (photo, current), marked: markedFiles) == nil {
            let text = "Ctrl+\(number): no --action\(number) was given"
            Logger(label: "gallery.action").notice("\(text)", source: Logger.gallerySource)
            return .notice(text)
        }
        return nil
    }

    /// Takes the actions finished since the last call: failures are logged and shown in the window, and the pages on
    /// screen are examined again (a changed file is decoded anew). Returns whether any finished.
    func takeFinishedActions() -> Bool {
        guard let actions = services.actions else { return false }
        let finished = actions.takeFinished()
        let logger = Logger(label: "gallery.action")
        for failure in finished.failures { logger.warning("\(failure)", source: Logger.gallerySource) }
        if let last = finished.failures.last { report(.notice(last), at: now) }
        guard !finished.photos.isEmpty else { return false }
        store.decodes.forgetShown()
        // The wheel's thumbnails of those photos are made again (a changed photo's cached thumbnail is outdated).
        thumbnails.forget(finished.photos.joined())
        drawing.residency = ResidencyTracker()
        updateResidency()
        return true
    }

    /// Actions started and not finished.
    public var runningActions: Int { services.actions?.runningCount ?? 0 }

    /// Waits up to `seconds` of real time for a running action to end (headless runs).
    public func waitForAction(upTo seconds: Double) {
        services.actions?.waitForOne(upTo: seconds)
    }
}
