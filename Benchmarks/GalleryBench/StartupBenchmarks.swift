import Foundation
import Glibc

/// Prints how long `gallery --headless` takes to show the first photo of a 10-photo and of a 100,000-photo folder:
/// from launch until the shot of its first frame appears (start-up, index, first decode, one frame), median of 5,
/// with the release `gallery` built beside this benchmark.
func startupBenchmark(in folder: URL, bundledPhoto: String) throws {
    let gallery = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("gallery").path
    guard FileManager.default.isExecutableFile(atPath: gallery) else {
        print("\n(first-photo times skipped: build the release `gallery` first, as `make bench` does)")
        return
    }
    let script = folder.appendingPathComponent("quit.jsonl").path
    try #"{"t":0.01,"type":"shot","path":"first.png"}"#.write(toFile: script, atomically: true, encoding: .utf8)
    let shots = folder.appendingPathComponent("shots")
    let shot = shots.appendingPathComponent("first.png").path
    var rows: [(count: Int, seconds: Double)] = []
    for count in [10, 100_000] {
        let photos = folder.appendingPathComponent("folder-\(count)")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        // Names in no particular order on disk; the first ten (in natural order) are real photos, the rest empty
        // files that are listed and sorted but never decoded.
        for index in 0..<count {
            let number = (index &* 7919) % count
            let path = photos.appendingPathComponent("IMG_\(String(format: "%06d", number)).jpg").path
            if number < 10 {
                try FileManager.default.copyItem(atPath: bundledPhoto, toPath: path)
            } else {
                close(open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644))
            }
        }
        var times: [Double] = []
        for _ in 0..<5 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: gallery)
            process.arguments = [
                "--headless", "--size", "1280x720", "--script", script, "--shots", shots.path,
                photos.path,
            ]
            try? FileManager.default.removeItem(atPath: shot)
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            let start = now()
            try process.run()
            while !FileManager.default.fileExists(atPath: shot), process.isRunning {
                usleep(500)
            }
            times.append(now() - start)
            process.waitUntilExit()
        }
        rows.append((count, percentile(times.sorted(), 0.5)))
    }
    print("")
    print("## First photo of a folder: launch to the first frame's shot, `gallery --headless` at 1280×720, median of 5")
    print("| photos in the folder | wall ms | × the 10-photo folder |")
    print("|---|---|---|")
    for row in rows {
        print("| \(row.count) | \(format(row.seconds * 1000, 1)) | \(format(row.seconds / rows[0].seconds, 2)) |")
    }
}
