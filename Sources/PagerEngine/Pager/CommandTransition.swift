/// How a programmatic page turn (a key, the slideshow, a script) moves the strip; drags and flings always use the
/// paging spring.
public enum CommandTransition: Equatable, Sendable {
    /// Animates with this spring.
    case spring(SpringDescription)
    /// Swaps at once, as nsxiv and feh do (`--transition none`).
    case instant
}
