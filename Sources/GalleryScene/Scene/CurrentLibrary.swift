/// The gallery's one library as it is now: held by the controller, read by its page and thumbnail stores, so a feed's
/// append, a reload or a dropped photo changes it in one place for all of them.
@MainActor
final class CurrentLibrary {
    /// Where each photo's pixels come from.
    var pages: PageLibrary

    /// A holder of `pages`.
    init(_ pages: PageLibrary) { self.pages = pages }
}
