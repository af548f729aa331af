import GalleryCore
import Imaging

extension PageLibrary {
    /// The folders this library's photo files are in (none for generated pages): what the output policy protects.
    /// Photos still being sorted are not waited for (`PhotoOrder.folders`).
    package var photoFolders: Set<String> {
        func folders(of sources: [PageSource]) -> Set<String> {
            var folders: Set<String> = []
            for case .file(let path) in sources {
                guard let slash = path.lastIndex(of: "/") else {
                    folders.insert(".")
                    continue
                }
                folders.insert(slash == path.startIndex ? "/" : String(path[..<slash]))
            }
            return folders
        }
        switch pages {
        case .photos(let sources): return folders(of: sources)
        case .ordering(let order, let appended): return order.folders.union(folders(of: appended))
        case .synthetic(_, let appended): return folders(of: appended)
        }
    }
}
