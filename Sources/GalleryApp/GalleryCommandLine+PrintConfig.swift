import GalleryCore

extension GalleryCommandLine {
    /// `--print-config`: the effective configuration (the file's, then the command line's) in the file's format, every
    /// option and every key, so it can be saved as a file to start from and reads back as the same configuration.
    func configText(keyBindings: KeyBindings, file: String?) -> String {
        var lines = [
            "# gallery's configuration: "
                + (file.map { "the file \($0), then the command line" } ?? "no file, the command line"),
            "# (`gallery --print-config`). Saved as ~/.config/gallery/gallery.conf (or $XDG_CONFIG_HOME/gallery/",
            "# gallery.conf) it is read at every start, the command line winning; `man gallery` (CONFIGURATION) has the",
            "# format. An option not given is commented out.", "", "[options]",
        ]
        for option in Self.configOptions {
            if option.kind != .flag { lines.append("# \(option.name): \(option.expects)") }
            let values = option.values(self)
            if values.isEmpty { lines.append("# \(option.name) =") }
            for value in values {
                lines.append(option.name + " = " + ConfigText.written(value))
            }
        }
        lines += ["", "# Each key and its command (none: unbound)."] + keyBindings.configLines
        return lines.joined(separator: "\n") + "\n"
    }
}
