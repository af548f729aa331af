import ArgumentParser
import Gallery
import GalleryCore
import PagerEngine

/// `--fit fit|down|width|fill`: how each photo first fills the window, and whether small ones are enlarged.
enum FitChoice: String, CaseIterable, ExpressibleByArgument {
    /// Enlarge small photos to the window (the default).
    case fit
    /// Never beyond 100 % (feh's `--scale-down`).
    case down
    /// As wide as the window, from the photo's top (`FitMode.width`).
    case width
    /// Covering the window, cropped (`FitMode.fill`).
    case fill

    /// The fit mode each photo opens in (`e` cycles it).
    var mode: FitMode {
        switch self {
        case .fit, .down: .fit
        case .width: .width
        case .fill: .fill
        }
    }
}

/// `--transition spring|none`: how keys turn the page.
enum TransitionChoice: String, CaseIterable, ExpressibleByArgument {
    /// A quick 0.2 s slide (the default).
    case spring
    /// Swap at once, like nsxiv.
    case none
}

/// `--mode NAME`: the first mode, named as in the help or with any case and hyphens (`end-caps`).
extension GalleryMode: ExpressibleByArgument {
    /// The mode `argument` names (`GalleryMode(argumentName:)`), or nil for ArgumentParser to list the choices.
    public init?(argument: String) {
        self.init(argumentName: argument)
    }
}

/// `--scale N`: pixels per point for text, margins, dots, panel and help, a number from 1 to 4; what is no number is
/// refused by ArgumentParser like every other bad value, a number out of range by `validate()`, which says the range.
struct ScaleChoice: ExpressibleByArgument, Sendable {
    /// The scale.
    var value: Double
    /// The text typed, for messages.
    var text: String

    /// The scale `argument` gives, if it is a finite number.
    init?(argument: String) {
        guard let value = Double(argument), value.isFinite else { return nil }
        self.value = value
        text = argument
    }
}
