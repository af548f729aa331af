/// The names the configuration file binds keys to (`[keys]`, `x = move-to-2`): one per command a key can give.
extension GalleryCommand {
    /// Every command a key can be bound to, in the order the file's documentation lists them.
    public static let bindable: [GalleryCommand] =
        [
            .next, .previous, .first, .last, .pageForward, .pageBackward, .pan(.left), .pan(.right), .pan(.up),
            .pan(.down),
        ] + GalleryMode.allCases.map { .mode($0) }
        + [
            .open, .flipWheel, .toggleGridNames, .zoomIn, .zoomOut, .zoomActualSize, .zoomToFit, .cycleFitMode,
            .toggleKeepZoom, .orient(.turnClockwise), .orient(.turnAnticlockwise), .orient(.mirrorHorizontally),
            .orient(.mirrorVertically), .toggleFullscreen, .toggleInfoPanel, .toggleStatusBar, .toggleSlideshow,
            .toggleAnimation, .nextFrame, .previousFrame, .reload, .retry, .cycleSort, .toggleMark, .invertMarks,
            .clearMarks, .nextMarked, .previousMarked, .nextFolder, .previousFolder, .toggleHelp, .back, .quit, .trash,
            .undoTrash,
        ] + (1...9).map { .moveTo($0) } + (1...9).map { .copyTo($0) } + [.saveTurn, .copyPath, .openWith]
        + (1...9).map { .action($0) } + [.compare(.toggle), .compare(.layout), .compare(.swap)]

    /// The command's name in the configuration file (`zoom-in`, `mode-grid`, `action-3`); nil for the commands no key
    /// gives (a page or photo to go to, which only clicks and typed numbers name).
    public var configName: String? {
        switch self {
        case .next: "next"
        case .previous: "previous"
        case .first: "first"
        case .last: "last"
        case .goToPage, .goToPhoto: nil
        case .pageForward: "page-forward"
        case .pageBackward: "page-backward"
        case .toggleFullscreen: "toggle-fullscreen"
        case .toggleInfoPanel: "toggle-info-panel"
        case .toggleStatusBar: "toggle-status-bar"
        case .mode(let mode): "mode-" + Self.hyphenated(mode.rawValue)
        case .quit: "quit"
        case .back: "back"
        case .reload: "reload"
        case .cycleSort: "cycle-sort"
        case .retry: "retry"
        case .flipWheel: "flip-wheel"
        case .open: "open"
        case .toggleSlideshow: "toggle-slideshow"
        case .zoomIn: "zoom-in"
        case .zoomOut: "zoom-out"
        case .zoomActualSize: "zoom-actual-size"
        case .zoomToFit: "zoom-to-fit"
        case .toggleGridNames: "toggle-grid-names"
        case .cycleFitMode: "cycle-fit-mode"
        case .toggleHelp: "toggle-help"
        case .toggleMark: "toggle-mark"
        case .invertMarks: "invert-marks"
        case .clearMarks: "clear-marks"
        case .nextMarked: "next-marked"
        case .previousMarked: "previous-marked"
        case .nextFolder: "next-folder"
        case .previousFolder: "previous-folder"
        case .action(let number): "action-\(number)"
        case .toggleAnimation: "toggle-animation"
        case .nextFrame: "next-frame"
        case .previousFrame: "previous-frame"
        case .orient(.turnClockwise): "turn-clockwise"
        case .orient(.turnAnticlockwise): "turn-anticlockwise"
        case .orient(.mirrorHorizontally): "mirror-left-right"
        case .orient(.mirrorVertically): "mirror-top-bottom"
        case .pan(.left): "pan-left"
        case .pan(.right): "pan-right"
        case .pan(.up): "pan-up"
        case .pan(.down): "pan-down"
        case .toggleKeepZoom: "toggle-keep-zoom"
        case .trash: "trash"
        case .undoTrash: "undo"
        case .moveTo(let number): "move-to-\(number)"
        case .copyTo(let number): "copy-to-\(number)"
        case .saveTurn: "save-turn"
        case .copyPath: "copy-path"
        case .openWith: "open-with"
        case .compare(.toggle): "compare"
        case .compare(.layout): "compare-layout"
        case .compare(.swap): "compare-swap"
        }
    }

    /// The bindable command the file names `name`, or nil.
    public init?(configName name: String) {
        guard let command = Self.byConfigName[name] else { return nil }
        self = command
    }

    private static let byConfigName: [String: GalleryCommand] = Dictionary(
        uniqueKeysWithValues: bindable.compactMap { command in command.configName.map { ($0, command) } })

    /// `endCaps` as `end-caps`.
    private static func hyphenated(_ camel: String) -> String {
        camel.reduce(into: "") { name, character in
            if character.isUppercase { name += "-" + character.lowercased() } else { name.append(character) }
        }
    }
}
