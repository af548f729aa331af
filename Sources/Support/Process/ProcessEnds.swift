import CLinux
import Glibc

/// Waits for processes to end on their pidfds (`poll(2)`), never by sleeping and looking again: a process's pidfd
/// becomes readable the moment it ends, whoever its parent.
package enum ProcessEnds {
    /// Waits until every process in `pids` has ended or the monotonic clock reaches `deadline`; returns whether all
    /// ended. A process already gone counts as ended. Where the kernel has no pidfd (before Linux 5.3) it waits for
    /// nothing and returns false, so the caller goes on to SIGKILL at once.
    package static func waitForAll(_ pids: [pid_t], until deadline: Double) -> Bool {
        var descriptors: [pollfd] = []
        defer { for each in descriptors where each.fd >= 0 { close(each.fd) } }
        for pid in pids {
            let descriptor = gallery_pidfd_open(pid)
            if descriptor >= 0 {
                descriptors.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0))
            } else if errno != ESRCH {
                return false  // No pidfd here: nothing to wait on.
            }
        }
        var open = descriptors.count
        while open > 0 {
            let left = deadline - MonotonicClock.seconds()
            guard left > 0 else { return false }
            let ready = poll(&descriptors, nfds_t(descriptors.count), Int32(min(left * 1000, 60_000).rounded(.up)))
            if ready < 0, errno != EINTR { return false }
            for index in descriptors.indices where descriptors[index].revents != 0 {
                // An ended process's descriptor stays readable: it is left out of the next poll.
                descriptors[index].events = 0
                descriptors[index].revents = 0
                if descriptors[index].fd >= 0 {
                    close(descriptors[index].fd)
                    descriptors[index].fd = -1
                    open -= 1
                }
            }
        }
        return true
    }
}
