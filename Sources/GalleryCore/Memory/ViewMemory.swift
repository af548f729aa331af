import PagerEngine

/// The views remembered across restarts (`--remember`), as the state file keeps them: each photo's view under its
/// path and file identity, most recently seen first, at most `maximumViews`; and the last photo seen in each folder
/// opened, at most `maximumFolders`.
public struct ViewMemory: Equatable, Sendable {
    /// The most photos remembered: the least recently seen are forgotten first.
    public static let maximumViews = 1000
    /// The most folders whose last photo is remembered.
    public static let maximumFolders = 1000

    /// A file as it was when its view was kept: a photo replaced, rewritten or renamed over is another photo.
    public struct Identity: Hashable, Sendable {
        /// The device holding it.
        public var device: UInt64
        /// Its inode there.
        public var inode: UInt64
        /// Its size in bytes.
        public var byteCount: Int
        /// Its modification time in nanoseconds since the epoch.
        public var modifiedNanoseconds: Int

        /// Creates an identity.
        public init(device: UInt64, inode: UInt64, byteCount: Int, modifiedNanoseconds: Int) {
            self.device = device
            self.inode = inode
            self.byteCount = byteCount
            self.modifiedNanoseconds = modifiedNanoseconds
        }
    }

    /// One photo's view.
    public struct Entry: Equatable, Sendable {
        /// The photo's path, as it was opened.
        public var path: String
        /// The file then.
        public var identity: Identity
        /// How it was seen.
        public var view: RememberedView

        /// Creates an entry.
        public init(path: String, identity: Identity, view: RememberedView) {
            self.path = path
            self.identity = identity
            self.view = view
        }
    }

    /// The views, most recently seen first, one per path.
    public private(set) var entries: [Entry] = []
    /// The last photo seen in each folder opened, most recent first, one per folder.
    public private(set) var lastPhotos: [(folder: String, photo: String)] = []

    /// Nothing remembered.
    public init() {}

    /// The view kept for `path`, if the file is still `identity`.
    public func view(forPath path: String, identity: Identity) -> RememberedView? {
        entries.first { $0.path == path && $0.identity == identity }?.view
    }

    /// The last photo seen in `folder`.
    public func lastPhoto(inFolder folder: String) -> String? {
        lastPhotos.first { $0.folder == folder }?.photo
    }

    /// Keeps `entry` as the most recent (a plain view forgets its path instead), within `maximumViews`.
    public mutating func record(_ entry: Entry) {
        entries.removeAll { $0.path == entry.path }
        guard !entry.view.isPlain else { return }
        entries.insert(entry, at: 0)
        if entries.count > Self.maximumViews { entries.removeLast(entries.count - Self.maximumViews) }
    }

    /// Keeps `photo` as the last seen in `folder`, the most recent, within `maximumFolders`.
    public mutating func recordLastPhoto(_ photo: String, inFolder folder: String) {
        lastPhotos.removeAll { $0.folder == folder }
        lastPhotos.insert((folder, photo), at: 0)
        if lastPhotos.count > Self.maximumFolders { lastPhotos.removeLast(lastPhotos.count - Self.maximumFolders) }
    }

    /// Equal when they remember the same, in the same order.
    public static func == (lhs: ViewMemory, rhs: ViewMemory) -> Bool {
        lhs.entries == rhs.entries && lhs.lastPhotos.elementsEqual(rhs.lastPhotos) { $0 == $1 }
    }
}
