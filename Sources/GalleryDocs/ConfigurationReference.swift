import GalleryCore

/// The man page's "CONFIGURATION" section: the file's place, its format, its errors, and every command a key can be
/// bound to, listed from `GalleryCommand.bindable` so the page cannot miss one.
public enum ConfigurationReference {
    /// The section in mdoc, ending in a newline.
    public static var manualSection: String {
        let commands = GalleryCommand.bindable.compactMap(\.configName)
        let text = #"""
            .Sh CONFIGURATION
            At start the gallery reads
            .Pa $XDG_CONFIG_HOME/gallery/gallery.conf
            (with
            .Ev XDG_CONFIG_HOME
            unset, empty or relative:
            .Pa ~/.config/gallery/gallery.conf ) ,
            if it exists;
            .Fl -config Ar file
            names another (which must exist),
            .Fl -no-config
            reads none.
            .Fl -print-config
            prints the configuration in effect in this format and exits: saved as the file, it is a starting point
            that reads back as the same configuration.
            .Pp
            The file is UTF-8 text of at most 1 MiB, in lines of at most 4096 bytes.
            Blank lines and lines whose first character (after spaces) is
            .Ql #
            are skipped; a
            .Ql #
            later in a line is part of the value.
            Every other line is
            .Dl name = value
            with spaces around either ignored.
            A name or value may be written in double quotes, keeping its spaces, with the escapes
            .Ql \e" ,
            .Ql \e\e ,
            .Ql \en ,
            .Ql \et ,
            .Ql \er
            and
            .Ql \exHH
            (a name holding
            .Ql = ,
            or starting with
            .Ql # ,
            .Ql \(dq
            or
            .Ql \&[ ,
            must be quoted).
            .Pp
            The file begins in the
            .Ql [options]
            section: each name is a command-line option's long name without its dashes, every option but
            .Fl -config ,
            .Fl -no-config
            and
            .Fl -print-config
            (for example
            .Ql fps = 30 ,
            .Ql size = 1600x900 ,
            .Ql sort = taken ) ;
            a flag takes
            .Ql true
            or
            .Ql false
            (also yes, no, on, off, 1, 0), an option that may be repeated
            .Pq Fl -move-to , Fl -copy-to
            one line per value, in order.
            An option given on the command line replaces the file's (all of its values, for a repeated one); a flag the
            file sets cannot be turned off on the command line, only by
            .Fl -no-config .
            .Pp
            After a
            .Ql [keys]
            line, each line binds one key:
            .Dl key = command
            The key is named as in the help and in scripts
            .Po
            .Ql n ,
            .Ql G ,
            .Ql Right ,
            .Ql PageDown ,
            .Ql F2 ,
            .Ql Ctrl+R ,
            .Ql Keypad + ,
            .Ql Space ,
            .Ql \(dq=\(dq
            .Pc ;
            letters are exact
            .Po
            .Ql d
            and
            .Ql D
            are two keys
            .Pc ;
            the digits type a count and cannot be bound.
            .Ql none
            unbinds a key.
            A key the file does not name does as listed under
            .Sx KEYS AND GESTURES ,
            and the help (F1) lists the file's changes after the standard keys.
            The commands:
            """#
        return text + "\n" + commands.map { ".Ql \($0) ," }.dropLast().joined(separator: "\n") + "\n"
            + ".Ql \(commands.last!) .\n" + #"""
                .Pp
                An error stops the start with exit status 2, as a bad option does, naming the file, the line and what was
                expected, for example:
                .Dl Error: gallery.conf:12: \(dqfps\(dq expects a number from 1 to 1000, got \(dqlots\(dq
                An example:
                .Bd -literal -offset indent
                # ~/.config/gallery/gallery.conf
                sort = taken
                keep-zoom = true
                move-to = /home/me/Photos/keep
                [keys]
                x = trash
                Delete = none
                .Ed

                """#
    }
}
