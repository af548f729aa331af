// libFuzzer target: the output policy. The input builds a folder layout around a protected photo folder (folders,
// links to the photo folder, its photo, `..`, `/`, each other) and names an output (`--shots` folder plus a shot
// path, or a trace path); whatever the policy allows must land outside the photo folder, and the photo must never
// change (`make fuzz`, docs/RELIABILITY.md).
import Support

#if canImport(Glibc)
import Glibc
#endif

/// Names the layout's entries may take: few, so links and paths meet each other often.
private let names = ["a", "b", "ph", "out", "x.png", "p.jpg", "t.jsonl"]
/// Targets the layout's links may point at.
private let targets = ["../ph", "ph", "ph/p.jpg", "/", "..", ".", "a", "../a", "b/../ph", "x.png", "missing"]
private let photoBytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x47, 0x41, 0x4C, 0x4C]

@_cdecl("LLVMFuzzerTestOneInput")
public func outputPolicyFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var template = Array("/tmp/gallery-fuzz-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { return 0 }
    let root = String(cString: made)
    defer { remove(root) }
    mkdir(root + "/ph", 0o755)
    write(photoBytes, to: root + "/ph/p.jpg")
    let policy = OutputPolicy(protecting: [root + "/ph"])
    var reader = bytes.makeIterator()
    func next() -> Int { Int(reader.next() ?? 0) }
    // Up to 8 operations: a folder, or a link, somewhere among the root and its first-level folders.
    for _ in 0..<(next() % 9) {
        let place = [root, root + "/a", root + "/b", root + "/out"][next() % 4]
        let name = names[next() % names.count]
        if next() % 2 == 0 {
            mkdir(place + "/" + name, 0o755)
        } else {
            symlink(targets[next() % targets.count], place + "/" + name)
        }
    }
    // The rest: an output path made of the names, `.`, `..` and slashes.
    var path = ""
    while let byte = reader.next() {
        switch Int(byte) % 12 {
        case 0..<7: path += names[Int(byte) % names.count]
        case 7, 8: path += "/"
        case 9: path += ".."
        case 10: path += "."
        default: path += "/ph/"
        }
    }
    let useShots = bytes.first.map { $0 & 0x80 != 0 } ?? false
    do {
        let file: OutputFile
        if useShots {
            let folder = try OutputFolder.open(root + "/out", role: "--shots", policy: policy, creating: true)
            file = try folder.createFile(path, kind: .shot, role: "shot")
        } else {
            file = try OutputFile.create(atPath: root + "/" + path, kind: .trace, role: "--trace", policy: policy)
        }
        // Allowed: the file actually opened must lie outside the photo folder.
        let opened = realPath(ofDescriptor: file.descriptor)
        let photos = realPath(root + "/ph")
        if opened == photos || opened.hasPrefix(photos + "/") {
            fatalError("the policy let \(path) be written inside the photo folder: \(opened)")
        }
        try file.write(Array("{\"t\":0}".utf8))
        file.close()
    } catch {
        // Refused: fine.
    }
    guard read(root + "/ph/p.jpg") == photoBytes else { fatalError("the photo changed after writing \(path)") }
    return 0
}

private func write(_ bytes: [UInt8], to path: String) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    _ = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
}

private func read(_ path: String) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var buffer = [UInt8](repeating: 0, count: 64)
    let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
    return count < 0 ? nil : Array(buffer[..<count])
}

private func realPath(ofDescriptor descriptor: Int32) -> String {
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = readlink("/proc/self/fd/\(descriptor)", &buffer, buffer.count - 1)
    return count > 0 ? String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
}

private func realPath(_ path: String) -> String {
    guard let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
}

/// Removes `path` and everything below it, never following a link.
private func remove(_ path: String) {
    var status = stat()
    guard lstat(path, &status) == 0 else { return }
    if status.st_mode & S_IFMT == S_IFDIR {
        if let directory = opendir(path) {
            var entries: [String] = []
            while let entry = readdir(directory) {
                let name = withUnsafePointer(to: entry.pointee.d_name) {
                    $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
                }
                if name != ".", name != ".." { entries.append(name) }
            }
            closedir(directory)
            for name in entries { remove(path + "/" + name) }
        }
        rmdir(path)
    } else {
        unlink(path)
    }
}
