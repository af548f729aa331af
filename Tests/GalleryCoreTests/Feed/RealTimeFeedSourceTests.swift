import Foundation
import GalleryCore
import GalleryCoreTesting
import Glibc
import Support
import Testing

@Suite("Folder-watch feed source")
@MainActor struct FolderWatchFeedSourceTests {
    /// Moves `clock` on by `interval` (longer than the quiet period, so no rounding decides) and has the watch settle
    /// at the new time, `times` times.
    static func pass(_ interval: Double, times: Int = 1, on clock: ManualClock, _ source: FolderWatchFeedSource) {
        for _ in 0..<times {
            clock.advance(by: interval)
            source.settleNow()
        }
    }

    @Test("a photo copied in after start is appended once its size is stable; other files are not")
    func appendsNewPhotos() throws {
        let folder = try TemporaryFolder()
        try folder.write("before.jpg", "already here")
        let clock = ManualClock()
        let source = try FolderWatchFeedSource(folder: folder.path, quietPeriod: 0.2, clock: clock.now)
        defer { source.stop() }
        source.request(at: 0)
        try folder.write("notes.txt", "not a photo")
        try folder.write(".partial.jpg", "a downloader's temporary file")
        // Written in pieces over longer than the quiet period, each piece sooner than it after the one before: nothing
        // may show before the last piece.
        let path = folder.path + "/new.jpg"
        #expect(FileManager.default.createFile(atPath: path, contents: Data("piece".utf8)))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        for _ in 0..<4 {
            source.settleNow()
            clock.advance(by: 0.15)
            source.settleNow()
            #expect(source.poll(at: 0) == nil)
            handle.seekToEndOfFile()
            handle.write(Data("piece".utf8))
        }
        try handle.close()
        source.settleNow()
        #expect(source.poll(at: 0) == nil, "appended before its quiet period")
        Self.pass(0.25, times: 2, on: clock, source)
        #expect(source.poll(at: 0) == .appended([.file(path: path)]))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == String(repeating: "piece", count: 5))
    }

    @Test("a writer that pauses 3 s mid-write gets its photo appended once, complete, after it closes it")
    func pausingWriter() throws {
        let folder = try TemporaryFolder()
        let clock = ManualClock()
        let source = try FolderWatchFeedSource(folder: folder.path, clock: clock.now)
        defer { source.stop() }
        source.request(at: 0)
        let path = folder.path + "/slow.jpg"
        // Written in place, as a camera import or a slow copy does: created, half written, then a pause.
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        #expect(descriptor >= 0)
        #expect(write(descriptor, "first half ", 11) == 11)
        source.settleNow()
        // Ten quiet periods and more with the file unchanged, and still open.
        Self.pass(0.4, times: 10, on: clock, source)
        #expect(source.poll(at: 0) == nil, "a half-written photo was appended")
        #expect(write(descriptor, "second half", 11) == 11)
        close(descriptor)
        source.settleNow()
        Self.pass(0.4, times: 2, on: clock, source)
        #expect(source.poll(at: 0) == .appended([.file(path: path)]))
        // Closing it again (a touch-up, a second writer) appends nothing more.
        let again = try #require(FileHandle(forWritingAtPath: path))
        try again.close()
        source.request(at: 1)
        source.settleNow()
        Self.pass(0.4, times: 5, on: clock, source)
        #expect(source.poll(at: 1) == nil, "the same photo was appended twice")
    }

    @Test("photos that arrive while no request waits are kept, in arrival order, for the next one")
    func keepsArrivals() throws {
        let folder = try TemporaryFolder()
        let clock = ManualClock()
        let source = try FolderWatchFeedSource(folder: folder.path, quietPeriod: 0.05, clock: clock.now)
        defer { source.stop() }
        let first = try folder.write("b.png", "1")
        let second = try folder.write("a.png", "2")
        source.settleNow()
        Self.pass(0.1, times: 2, on: clock, source)
        source.request(at: 0)
        #expect(source.poll(at: 0) == .appended([.file(path: first), .file(path: second)]))
    }

    @Test("an idle watch sleeps until something happens, and stops at once")
    func idleWatchSleeps() throws {
        let folder = try TemporaryFolder()
        // A quiet period far longer than the default 0.3 s: on a loaded machine that much passed between the photo's
        // arrival and the look at the timer, which had then already ended (seen once in CI).
        let source = try FolderWatchFeedSource(folder: folder.path, quietPeriod: 2)
        source.request(at: 0)
        source.settleNow()
        let idle = source.watchActivity
        #expect(idle.pollTimeout == -1, "an idle watch wakes on a timer")
        // Real time, not a stand-in for a clock: a watch that wakes on a timer (every 100 ms, say) wakes meanwhile.
        usleep(350_000)
        #expect(source.watchActivity.passes == idle.passes, "the watch woke with nothing to do")
        // A photo arriving wakes it, and its quiet period is the only timer while it settles.
        let path = try folder.write("new.jpg", "x")
        source.settleNow()
        #expect(source.watchActivity.pollTimeout > 0)
        source.waitForAnswer(upTo: 10)
        #expect(source.poll(at: 0) == .appended([.file(path: path)]))
        source.settleNow()
        #expect(source.watchActivity.pollTimeout == -1)
        let stopping = MonotonicClock.seconds()
        source.stop()
        #expect(source.waitForExit(upTo: 5))
        #expect(MonotonicClock.seconds() - stopping < 0.5)
    }

    @Test("photos that arrive while the watch reads no events (its kernel queue overflows) are all appended, once")
    func queueOverflow() throws {
        let folder = try TemporaryFolder()
        try folder.write("before.jpg", "already here: never appended")
        let clock = ManualClock()
        let source = try FolderWatchFeedSource(folder: folder.path, quietPeriod: 0.05, clock: clock.now)
        defer { source.stop() }
        // What was there at the start is known before the burst: never appended, and not listed mid-burst.
        #expect(source.waitUntilListed(upTo: 10))
        // As a stopped process (kill -STOP): the events queue up in the kernel, which drops those past its limit.
        source.holdEvents()
        let limit = try String(contentsOfFile: "/proc/sys/fs/inotify/max_queued_events", encoding: .utf8)
        let count = min((Int(limit.filter(\.isNumber)) ?? 16_384) / 2 + 100, 40_000)  // Three events each.
        var expected: Set<String> = []
        for index in 0..<count { expected.insert(try folder.write("p\(index).jpg", "x")) }
        source.releaseEvents()
        source.settleNow()
        Self.pass(0.1, times: 2, on: clock, source)
        // A file the watch met again after its relisting settles a quiet period later: the clock moves on while the
        // answers are empty, for at most 5 s of it.
        var appended: [String] = []
        var quietRounds = 0
        while appended.count < count, quietRounds < 50 {
            source.request(at: 0)
            guard case .appended(let items) = source.poll(at: 0) else {
                quietRounds += 1
                Self.pass(0.1, on: clock, source)
                continue
            }
            appended += items.compactMap { if case .file(let path) = $0 { path } else { nil } }
        }
        #expect(appended.count == count)
        #expect(Set(appended) == expected)
        source.request(at: 1)
        Self.pass(0.1, times: 3, on: clock, source)
        #expect(source.poll(at: 1) == nil, "a photo was appended twice, or one there before the start")
    }

    @Test("a path that does not exist or is a file cannot be watched", arguments: [false, true])
    func invalidFolder(isFile: Bool) throws {
        let folder = try TemporaryFolder()
        let path = isFile ? try folder.write("file.jpg") : folder.path + "/missing"
        #expect(throws: FeedSourceError.invalidWatchFolder(path, reason: isFile ? "is not a folder" : "does not exist"))
        {
            try FolderWatchFeedSource(folder: path)
        }
    }
}

@Suite("Command feed source")
@MainActor struct CommandFeedSourceTests {
    /// Runs one request and waits for its answer.
    static func answer(_ source: CommandFeedSource) -> FeedResponse? {
        source.request(at: 0)
        source.waitForAnswer(upTo: 10)
        return source.poll(at: 0)
    }

    @Test("each printed line is a photo path; relative ones are relative to the working folder")
    func lines() throws {
        let source = try CommandFeedSource(command: "printf '/photos/a.jpg\\n\\nb.jpg\\n'")
        let folder = FileManager.default.currentDirectoryPath
        #expect(Self.answer(source) == .appended([.file(path: "/photos/a.jpg"), .file(path: folder + "/b.jpg")]))
    }

    @Test(
        "a failure names its cause and the command's last error line",
        arguments: [
            (
                "echo first >&2; echo 'quota exceeded' >&2; exit 3",
                "the feed command exited with status 3: quota exceeded"
            ),
            ("true", "the feed command printed no photo paths"),
            ("echo 'no network' >&2", "the feed command printed no photo paths: no network"),
        ])
    func failures(command: String, reason: String) throws {
        #expect(Self.answer(try CommandFeedSource(command: command)) == .failed(reason: reason))
    }

    @Test("a command that runs too long is killed with its whole pipeline, promptly")
    func timeout() throws {
        let source = try CommandFeedSource(command: "sleep 1238 | cat", timeout: 0.3)
        let start = Date()
        #expect(Self.answer(source) == .failed(reason: "the feed command took over 0.3 s"))
        #expect(Date().timeIntervalSince(start) < 2)
        #expect(ProcessAlive.pids(withCommandLine: "sleep 1238").isEmpty)
    }

    @Test("a million lines are read in bounded batches: the command is cut off, later requests take the rest")
    func boundedBatches() throws {
        let source = try CommandFeedSource(command: "seq 1 1000000")
        guard case .appended(let first) = Self.answer(source) else {
            Issue.record("no pages")
            return
        }
        #expect(first.count == CommandFeedSource.batchLimit)
        #expect(first.first == .file(path: FileManager.default.currentDirectoryPath + "/1"))
        source.request(at: 1)
        guard case .appended(let second) = source.poll(at: 1) else {
            Issue.record("the queued lines did not answer at once")
            return
        }
        #expect(second.first == .file(path: FileManager.default.currentDirectoryPath + "/257"))
    }

    @Test(
        "a line's trailing CR is not part of the path",
        arguments: [
            "printf 'a.jpg\\r\\nb.jpg\\r'", "printf 'a.jpg\\r\\r\\nb.jpg\\r\\n'",
        ])
    func carriageReturns(command: String) throws {
        let folder = FileManager.default.currentDirectoryPath
        #expect(
            Self.answer(try CommandFeedSource(command: command))
                == .appended([.file(path: folder + "/a.jpg"), .file(path: folder + "/b.jpg")]))
    }

    @Test("a command's background jobs end with it: its group is ended when it exits")
    func backgroundJobsEnd() throws {
        let outcome = try ChildProcess.run(
            shellCommand: "sleep 1236 >/dev/null 2>&1 & echo $!", timeout: 10, maxLines: 10
        ).get()
        let pid = try #require(outcome.lines.first.flatMap { Int32($0) })
        #expect(outcome.exitStatus == 0)
        #expect(ProcessAlive.commandLine(of: pid) == nil, "the background sleep outlived its command")
    }

    @Test("a command starts with no signal blocked, whatever the gallery blocks", arguments: [true, false])
    func cleanSignalMask(blocking: Bool) throws {
        var blocked = sigset_t()
        sigemptyset(&blocked)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&blocked, signal) }
        var previous = sigset_t()
        if blocking { pthread_sigmask(SIG_BLOCK, &blocked, &previous) }
        defer { if blocking { pthread_sigmask(SIG_SETMASK, &previous, nil) } }
        let outcome = try ChildProcess.run(
            shellCommand: "exec grep '^SigBlk' /proc/self/status", timeout: 10, maxLines: 10
        ).get()
        #expect(outcome.lines == ["SigBlk:\t0000000000000000"])
    }

    @Test("stopping the source ends a running command's whole group before it returns")
    func stopEndsGroup() throws {
        let folder = try TemporaryFolder()
        let ready = folder.path + "/ready"
        #expect(mkfifo(ready, 0o600) == 0)
        // The command says it is running by opening the FIFO: the test waits for that, not for a guessed time.
        let source = try CommandFeedSource(
            command: "sleep 1237 & trap '' TERM; echo started > '\(ready)'; sleep 1237")
        source.request(at: 0)
        let reader = open(ready, O_RDONLY)  // Blocks until the command opens it to write.
        #expect(reader >= 0)
        var byte: UInt8 = 0
        #expect(read(reader, &byte, 1) == 1)
        close(reader)
        source.stop()
        #expect(ProcessAlive.pids(withCommandLine: "sleep 1237").isEmpty)
    }

    @Test("an empty command is refused", arguments: ["", "   "])
    func empty(command: String) {
        #expect(throws: FeedSourceError.emptyCommand) { try CommandFeedSource(command: command) }
    }
}
