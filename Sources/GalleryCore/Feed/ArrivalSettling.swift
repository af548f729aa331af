import Glibc
import Support

/// The files that arrived in a watched folder, on their way to being shown: a file becomes a candidate when complete
/// (closed after writing, moved in whole, or found by a listing after lost events) and is ready once its size and
/// modification time have stayed the same for `quietPeriod` with no write to it. Each path is made ready once; it may
/// come again only after it left the folder.
struct ArrivalSettling {
    /// A file waiting for its quiet period to end.
    private struct Candidate {
        var order: Int
        var size: Int
        var modified: timespec
        var touchedAt: Double
    }

    /// How long a file must stay unchanged before it is ready, in seconds.
    let quietPeriod: Double
    /// By path; `order` keeps arrival order.
    private var candidates: [String: Candidate] = [:]
    private var nextOrder = 0
    /// Settled, in arrival order, not yet handed out.
    private(set) var ready: [String] = []
    /// Paths made ready (appended or about to be): never again, unless they leave the folder first.
    private var taken: Set<String> = []
    /// Photos there at the start and still there: a listing after lost events must not take them for new.
    var atStart: Set<String> = []

    /// Nothing arrived yet.
    init(quietPeriod: Double) {
        self.quietPeriod = quietPeriod
    }

    /// Hands out up to `limit` ready paths, oldest first.
    mutating func takeReady(upTo limit: Int) -> [String] {
        let taken = Array(ready.prefix(limit))
        ready.removeFirst(taken.count)
        return taken
    }

    /// Milliseconds until the first candidate's quiet period ends (at least 1), or -1 (no end) with none waiting.
    func pollTimeout(now: Double) -> Int32 {
        guard let first = candidates.values.map(\.touchedAt).min() else { return -1 }
        let seconds = first + quietPeriod - now
        return Int32(max(1, min(60_000, (seconds * 1000).rounded(.up))))
    }

    /// Records what an event said happened to `path`.
    mutating func apply(_ change: FolderChange, to path: String, now: Double) {
        switch change {
        case .writing:
            candidates[path] = nil  // Back to waiting for its writer to close it.
        case .completed where !taken.contains(path):
            let order = candidates[path]?.order ?? nextOrder
            nextOrder += 1
            candidates[path] = Candidate(order: order, size: -1, modified: timespec(), touchedAt: now)
        case .completed:
            break  // Already appended: a change to it shows when its page is shown again.
        case .removed:
            candidates[path] = nil
            taken.remove(path)
            atStart.remove(path)
            ready.removeAll { $0 == path }
        }
    }

    /// After lost events: the photos `listed` now that were neither there at the start nor taken become candidates,
    /// oldest first; those taken or there at the start that are gone now left the folder.
    mutating func catchUp(with listed: [String], now: Double) {
        let present = Set(listed)
        taken.formIntersection(present)
        atStart.formIntersection(present)
        var new: [(path: String, modified: timespec)] = []
        for path in listed where !taken.contains(path) && !atStart.contains(path) {
            var status = stat()
            guard candidates[path] == nil, PathBytes.withSystemPath(path, { stat($0, &status) }) == 0,
                status.st_mode & S_IFMT == S_IFREG
            else { continue }
            new.append((path, status.st_mtim))
        }
        let ordered = new.sorted {
            ($0.modified.tv_sec, $0.modified.tv_nsec, $0.path) < ($1.modified.tv_sec, $1.modified.tv_nsec, $1.path)
        }
        for photo in ordered {
            candidates[photo.path] = Candidate(order: nextOrder, size: -1, modified: timespec(), touchedAt: now)
            nextOrder += 1
        }
    }

    /// Makes ready, in arrival order, the candidates whose size and modification time stayed the same for the quiet
    /// period.
    mutating func settle(now: Double) {
        var settled: [(order: Int, path: String)] = []
        for (path, candidate) in candidates where now - candidate.touchedAt >= quietPeriod {
            var status = stat()
            guard PathBytes.withSystemPath(path, { stat($0, &status) }) == 0, status.st_mode & S_IFMT == S_IFREG else {
                candidates[path] = nil
                continue
            }
            let size = Int(status.st_size)
            if size > 0, size == candidate.size, status.st_mtim.tv_sec == candidate.modified.tv_sec,
                status.st_mtim.tv_nsec == candidate.modified.tv_nsec
            {
                settled.append((candidate.order, path))
            } else {
                candidates[path] = Candidate(
                    order: candidate.order, size: size, modified: status.st_mtim, touchedAt: now)
            }
        }
        for (_, path) in settled.sorted(by: { $0.order < $1.order }) {
            candidates[path] = nil
            ready.append(path)
            taken.insert(path)
        }
    }
}
