import Dispatch
import Imaging
import Support

extension ProcessDecoding {
    /// The camera clock's seconds (`TakenDateRecord`) at which each photo of `paths` was taken, read by the processes
    /// of `pool` in parallel (the viewer opens each file and reads none of it); nil for a photo that states no date,
    /// cannot be opened, or whose answer is no valid record.
    public static func takenDates(paths: [String], pool: DecoderPool) -> [Int?] {
        let dates = LockedState([Int?](repeating: nil, count: paths.count))
        let next = LockedState(0)
        // As many askers as the pool has processes: each takes the next path as it finishes one.
        DispatchQueue.concurrentPerform(iterations: max(min(pool.configuration.processCount, paths.count), 1)) { _ in
            while true {
                let index = next.withLock { next in
                    defer { next += 1 }
                    return next
                }
                guard index < paths.count else { return }
                if let date = takenDate(path: paths[index], pool: pool) {
                    dates.withLock { $0[index] = date }
                }
            }
        }
        return dates.withLock { $0 }
    }

    /// The camera clock's seconds at which the photo at `path` was taken, read by a process of `pool`; nil for none.
    static func takenDate(path: String, pool: DecoderPool) -> Int? {
        guard let file = try? ImageFile(path: path) else { return nil }
        let message = DecoderRequest(
            kind: .takenDate, boxWidth: 1, boxHeight: 1, budgetBytes: 0, cpuSeconds: 0,
            fileExtension: fileExtension(path))
        guard case .success(let answer) = pool.decode(descriptor: file.descriptor, request: message),
            answer.reply.succeeded, let record = answer.encoded, let date = TakenDateRecord.decoded(record)
        else { return nil }
        return date
    }
}
