import ArgumentParser
import Gallery
import GalleryCore
import GalleryScene

/// Every command-line option as a key of the configuration file, in the order `--print-config` writes them. A test
/// holds this list to the options the parser declares (`_dumpHelp`), so an option added to the command line and
/// forgotten here fails it.
extension GalleryCommandLine {
    /// The options the file cannot set: the ones that choose the file, or print it.
    static let optionsOutsideTheFile: Set<String> = ["config", "no-config", "print-config"]

    /// The options as file keys.
    static let configOptions: [ConfigOption] =
        [
            .value("mode", expects: choices(GalleryMode.allCases.map(\.rawValue))) { $0.mode?.rawValue },
            .value("size", expects: "a size WxH, such as 1280x720") { $0.size },
            .value("scale", expects: "a number from 1 to 4") { $0.scale?.text },
            .flag("fullscreen") { $0.fullscreen },
            .value("fit", expects: choices(FitChoice.allValueStrings)) { $0.fit.rawValue },
            .value("transition", expects: choices(TransitionChoice.allValueStrings)) {
                $0.transition.rawValue
            },
            .flag("keep-zoom") { $0.keepZoom },
            .flag("remember") { $0.remember },
            .value("slideshow", expects: "seconds from 0.5 to 86400") { $0.slideshow?.description },
            .flag("recursive") { $0.recursive },
            .value("sort", expects: choices(PhotoSort.allValueStrings)) { $0.sort.rawValue },
            .flag("reverse") { $0.reverse },
            .value("raw-pairs", expects: choices(RawPairs.allValueStrings)) { $0.rawPairs.rawValue },
            ConfigOption(name: "move-to", kind: .repeated, expects: "an existing folder", values: { $0.moveTo }),
            ConfigOption(name: "copy-to", kind: .repeated, expects: "an existing folder", values: { $0.copyTo }),
            .flag("output-marked") { $0.outputMarked },
            .flag("null") { $0.nullSeparated },
            .flag("stdin") { $0.readsStandardInput },
            .value("max-megapixels", expects: "a number from 0.01 to 10000") { $0.maxMegapixels.description },
            .value("cache-mb", expects: "a whole number from 1 to 65536") { $0.cacheMb.map(String.init) },
            .flag("no-color-management") { $0.noColorManagement },
            .flag("no-thumbnail-cache") { $0.noThumbnailCache },
            .flag("software") { $0.software },
        ] + actionOptions + feedOptions + headlessOptions

    /// `action1` … `action9`.
    private static let actionOptions: [ConfigOption] = (1...9).map { number in
        .value("action\(number)", expects: "a shell command (%f the photo, %F the marked ones)") { command in
            [
                command.action1, command.action2, command.action3, command.action4, command.action5,
                command.action6, command.action7, command.action8, command.action9,
            ][number - 1]
        }
    }

    /// The feed's options.
    private static let feedOptions: [ConfigOption] = [
        .value("feed-watch", expects: "an existing folder") { $0.feedWatch },
        .value("feed-command", expects: "a shell command that is not blank") { $0.feedCommand },
        .value("feed-timeout", expects: "seconds above 0, up to 3600") { $0.feedTimeout.description },
        .value("feed-delay", expects: "seconds from 0 to 3600") { $0.feedDelay.description },
        .value("feed-batch", expects: "a whole number from 1 to 10000") { String($0.feedBatch) },
        .value("feed-failure-rate", expects: "a probability from 0 to 1") { $0.feedFailureRate.description },
        .value("feed-seed", expects: "a whole number from 0 to \(UInt64.max)") { String($0.feedSeed) },
    ]

    /// The headless run's options (tests, benchmarks).
    private static let headlessOptions: [ConfigOption] = [
        .flag("headless") { $0.headless },
        .value("script", expects: "a file", companions: ["--headless"]) { $0.script },
        .value("trace", expects: "a file", companions: ["--headless", "--script=-"]) { $0.trace },
        .value("shots", expects: "a folder", companions: ["--headless", "--script=-"]) { $0.shots },
        .value("fps", expects: "a number from 1 to 1000") { $0.fps.description },
        .value(
            "synthetic",
            expects:
                "a whole number from \(PageLibrary.syntheticCountRange.lowerBound) to \(PageLibrary.syntheticCountRange.upperBound)"
        ) { $0.synthetic.map(String.init) },
    ]

    /// The options by key.
    static let configOptionsByName: [String: ConfigOption] = Dictionary(
        uniqueKeysWithValues: configOptions.map { ($0.name, $0) })

    /// "a, b or c".
    private static func choices(_ names: [String]) -> String {
        let list = names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " or " + names.last!
        return names.count > 2 ? "one of " + list : list
    }
}
