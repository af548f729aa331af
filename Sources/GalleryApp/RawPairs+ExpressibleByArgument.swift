import ArgumentParser
import GalleryCore

/// `--raw-pairs jpeg|raw|both`.
extension RawPairs: ExpressibleByArgument {}
