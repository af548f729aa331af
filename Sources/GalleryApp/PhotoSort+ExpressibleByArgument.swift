import ArgumentParser
import GalleryCore

/// `--sort name|mtime`, checked and listed in the help by ArgumentParser.
extension PhotoSort: ExpressibleByArgument {}
