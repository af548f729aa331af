import DecoderProcess
import GalleryCore
import Glibc
import Imaging

/// `--sort taken`'s dates, read by decoder processes (`ProcessDecoding.takenDates`): the viewer reads no more of a
/// photo than its signature.
public enum TakenDateReading {
    /// Makes `PhotoSort` read dates taken in a pool of its own, started for each listing and ended after it: two
    /// processes a core (at most eight: each waits on its round trips half the time), so a listing of thousands of
    /// photos reads them in parallel, and nothing stays running when no listing needs it.
    public static func install() {
        PhotoSort.takenDateReader.withLock { reader in
            reader = { paths in
                guard !paths.isEmpty else { return [] }
                let cores = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
                let pool = ProcessDecoding.makePool(
                    options: ImageOptions(), processCount: min(2 * max(cores, 1), 8, paths.count), initialCount: 0)
                defer { pool.shutdown() }
                return ProcessDecoding.takenDates(paths: paths, pool: pool)
            }
        }
    }
}
