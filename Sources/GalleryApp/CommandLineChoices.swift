import ArgumentParser
import PagerEngine

/// `--fit fit|down`: whether photos smaller than the window are enlarged to fit it.
enum FitChoice: String, CaseIterable, ExpressibleByArgument {
    /// Enlarge small photos to the window (the default).
    case fit
    /// Never beyond 100 % (feh's `--scale-down`).
    case down
}

/// `--transition spring|none`: how keys turn the page.
enum TransitionChoice: String, CaseIterable, ExpressibleByArgument {
    /// A quick 0.2 s slide (the default).
    case spring
    /// Swap at once, like nsxiv.
    case none
}

/// `--mode NAME`: the first mode, named as in the help or with any case and hyphens (`end-caps`).
extension TopologyKind: ExpressibleByArgument {
    /// The mode `argument` names (`TopologyKind(argumentName:)`), or nil for ArgumentParser to list the choices.
    public init?(argument: String) {
        self.init(argumentName: argument)
    }
}
