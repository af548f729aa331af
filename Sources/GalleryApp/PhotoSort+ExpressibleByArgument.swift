import ArgumentParser
import GalleryCore

/// `--sort name|mtime|taken|size`, checked and listed in the help by ArgumentParser.
extension PhotoSort: ExpressibleByArgument {}
