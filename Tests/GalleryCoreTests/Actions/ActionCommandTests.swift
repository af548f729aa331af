import Foundation
import GalleryCore
import GalleryCoreTesting
import PagerEngine
import Support
import Testing

/// The user's actions: the script a template becomes (no file name in it, ever), the names reaching the command as
/// arguments byte for byte, and the runner's threads and process groups.
@Suite("Actions")
struct ActionCommandTests {
    @Test(
        "%f and %F become parameter references quoted for where they stand; with neither, the photo follows a last word",
        arguments: [
            ("cp %f keep/", #"cp "${gallery_photo}" keep/"#, false),
            ("cp %F keep/", #"cp "${@}" keep/"#, true),
            ("echo 100%% %f", #"echo 100% "${gallery_photo}""#, false),
            ("gimp", #"gimp "${gallery_photo}""#, false),
            ("echo %x%", #"echo %x% "${gallery_photo}""#, false),
            ("echo '%f'", #"echo ''"${gallery_photo}"''"#, false),
            (#"echo "name: %f!""#, #"echo "name: ${gallery_photo}!""#, false),
            (#"echo "$(basename '%f')""#, #"echo "$(basename ''"${gallery_photo}"'')""#, false),
            ("echo `basename %f`", #"echo `basename "${gallery_photo}"`"#, false),
            ("sleep 1 # %f", "sleep 1 # %f", false),
            ("echo $# %f", #"echo $# "${gallery_photo}""#, false),
            (#"notify-send "gallery" "started" &"#, #"notify-send "gallery" "started" &"#, false),
            ("true;", "true;", false),
            ("for x in a; do echo $x; done", "for x in a; do echo $x; done", false),
            ("echo 'open", "echo 'open", false),
            (#"echo \%f"#, #"echo \%f "${gallery_photo}""#, false),
        ])
    func script(template: String, body: String, usesMarked: Bool) {
        let action = ActionCommand(template: template)
        #expect(action.script == "gallery_photo=$1; shift\n" + body)
        #expect(action.usesMarked == usesMarked)
    }

    @Test("the arguments: the photo, then the marked ones (the photo when none is marked); a leading - becomes ./-")
    func arguments() {
        let bytes = { (text: String) in Array(text.utf8) }
        let one = ActionCommand(template: "cp %f keep/")
            .invocations(current: bytes("-n.jpg"), marked: [bytes("/a.jpg")], argumentBytes: 1 << 20)
        #expect(one.map(\.arguments) == [[bytes("./-n.jpg")]])
        let marked = ActionCommand(template: "cp %F keep/")
            .invocations(current: bytes("/p.jpg"), marked: [bytes("/a.jpg"), bytes("-b.jpg")], argumentBytes: 1 << 20)
        #expect(marked.map(\.arguments) == [[bytes("/p.jpg"), bytes("/a.jpg"), bytes("./-b.jpg")]])
        let none = ActionCommand(template: "cp %F keep/")
            .invocations(current: bytes("/p.jpg"), marked: [], argumentBytes: 1 << 20)
        #expect(none.map(\.arguments) == [[bytes("/p.jpg"), bytes("/p.jpg")]])
    }

    @Test("%F's photos beyond one command line are split over runs as xargs does: every one once, in order")
    func splitsLongLists() {
        let names = (0..<10_000).map { Array(String(format: "/photos/%05d-a-rather-long-name.jpg", $0).utf8) }
        let action = ActionCommand(template: "cp %F keep/")
        let runs = action.invocations(current: Array("/p.jpg".utf8), marked: names, argumentBytes: 128 * 1024)
        #expect(runs.count > 1)
        #expect(runs.flatMap { $0.arguments.dropFirst() } == names)
        for run in runs {
            let bytes = run.arguments.reduce(0) { $0 + $1.count + 9 } + run.script.utf8.count
            #expect(bytes <= 128 * 1024)
        }
    }

    /// A name of random bytes from the characters that break quoting: quotes, combining marks and joiners after
    /// them, `$( )`, backquotes, newlines, spaces, globs, a leading `-`, bytes that are not UTF-8.
    static func hostileName(_ random: inout SplitMix64) -> [UInt8] {
        let pieces: [[UInt8]] = [
            Array("'".utf8), Array("\"".utf8), Array("\u{200D}".utf8), Array("\u{0301}".utf8), Array("$(".utf8),
            Array(")".utf8), Array("`".utf8), Array("\n".utf8), Array(" ".utf8), Array("*".utf8), Array("\\".utf8),
            Array("%f".utf8), Array(";".utf8), Array("&".utf8), Array("|".utf8), Array("$1".utf8), [0xFF], [0xFE],
            [0xC3], [0x80], Array("é".utf8), Array("touch CANARY".utf8), Array("x".utf8), Array("#".utf8),
            Array("\t".utf8), Array("~".utf8), Array("!".utf8), Array("{".utf8),
        ]
        var name: [UInt8] = random.next() % 4 == 0 ? Array("-".utf8) : []
        for _ in 0..<(1 + Int(random.next() % 12)) { name += pieces[Int(random.next() % UInt64(pieces.count))] }
        return name
    }

    /// What the command received: its arguments as the shell's printf wrote them, NUL-terminated.
    static func received(_ file: String) throws -> [[UInt8]] {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
        return bytes.split(separator: 0, omittingEmptySubsequences: false).dropLast().map(Array.init)
    }

    @Test(
        "every name reaches the command as one argument, byte for byte, wherever the template puts %f or %F",
        arguments: ["printf '%%s\\0' %F > OUT", "printf '%%s\\0' \"%F\" > OUT", "printf '%%s\\0' '%F' > OUT"])
    func namesArriveWhole(template: String) throws {
        let folder = try TemporaryFolder()
        let output = folder.path + "/out"
        var random = SplitMix64(seed: 0x5EED)
        let names = (0..<10_000).map { _ in Self.hostileName(&random) }
        let action = ActionCommand(template: template.replacingOccurrences(of: "OUT", with: output))
        let runs = action.invocations(current: Array("/p.jpg".utf8), marked: names, argumentBytes: 1 << 30)
        #expect(runs.count == 1)
        let result = ChildProcess.run(
            shellCommand: runs[0].script, arguments: runs[0].arguments, timeout: 30, maxLines: 10)
        #expect((try? result.get())?.exitStatus == 0)
        #expect(try Self.received(output) == names.map { $0.first == UInt8(ascii: "-") ? Array("./".utf8) + $0 : $0 })
        #expect(!FileManager.default.fileExists(atPath: "CANARY"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out"])
    }

    @Test(
        "%f and a template without a specifier run on the name itself, never on text made of it",
        arguments: [
            "printf '%%s\\0' %f > OUT", "printf '%%s\\0' \"x%f\" > OUT", "printf '%%s\\0' 'x%f' > OUT",
            "printf '%%s\\0' \"$(printf '%%s' 'x%f')\" > OUT", "printf '%%s\\0' > OUT",
        ])
    func currentPhotoArrivesWhole(template: String) throws {
        let folder = try TemporaryFolder()
        let output = folder.path + "/out"
        var random = SplitMix64(seed: 0xF00D)
        let action = ActionCommand(template: template.replacingOccurrences(of: "OUT", with: output))
        let prefix: [UInt8] = template.contains("x%f") ? Array("x".utf8) : []
        for _ in 0..<150 {
            let name = Self.hostileName(&random)
            let run = action.invocations(current: name, marked: [], argumentBytes: 1 << 20)[0]
            _ = ChildProcess.run(shellCommand: run.script, arguments: run.arguments, timeout: 10, maxLines: 10)
            let expected = prefix + (name.first == UInt8(ascii: "-") ? Array("./".utf8) + name : name)
            if template.contains("$(printf") {
                // Command substitution drops trailing newlines: the shell's rule, not the quoting's.
                var trimmed = expected
                while trimmed.last == UInt8(ascii: "\n") { trimmed.removeLast() }
                #expect(try Self.received(output) == [trimmed])
            } else {
                #expect(try Self.received(output) == [expected])
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out"])
    }

    @Test("a template ending in & runs as written: the photo is not run as a command")
    func backgroundTemplateDoesNotRunThePhoto() throws {
        let folder = try TemporaryFolder()
        let photo = try folder.write("holiday.jpg", "#!/bin/sh\ntouch \(folder.path)/ran\n")
        chmod(photo, 0o755)
        let run = ActionCommand(template: "true &").invocations(
            current: Array(photo.utf8), marked: [], argumentBytes: 1 << 20)[0]
        let result = ChildProcess.run(shellCommand: run.script, arguments: run.arguments, timeout: 10, maxLines: 10)
        #expect((try? result.get())?.exitStatus == 0)
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/ran"))
    }

    @Test("a photo whose name is not UTF-8 reaches the action as its own bytes, and so does -o's list")
    func namesThatAreNotUTF8() throws {
        let folder = try TemporaryFolder()
        let output = folder.path + "/out"
        let name: [UInt8] = Array("/photos/bad".utf8) + [0xFF, 0xFE] + Array("name.jpg".utf8)
        let path = PathBytes.string(fromBytes: name)
        let runner = ActionRunner(commands: [1: ActionCommand(template: "printf '%%s\\0' %f > '\(output)'")])
        runner.run(1, current: (0, path), marked: [])
        let deadline = Date().addingTimeInterval(10)
        var finished: [[PhotoID]] = []
        while finished.isEmpty, Date() < deadline {
            runner.waitForOne(upTo: 0.1)
            finished += runner.takeFinished().photos
        }
        #expect(try Self.received(output) == [name])
        #expect(MarkedList(paths: [path], separator: .nul).bytes == name + [0])
    }

    @Test("an action runs on its own thread and hands back its photos; a failing one is reported")
    func runner() throws {
        let folder = try TemporaryFolder()
        let output = folder.path + "/out.txt"
        let runner = ActionRunner(commands: [
            1: ActionCommand(template: "printf '%%s\\n' %F > '\(output)'"),
            2: ActionCommand(template: "exit 3; %f"),
        ])
        #expect(runner.run(5, current: (0, "/x.jpg"), marked: []) == nil)
        runner.run(1, current: (0, "/a.jpg"), marked: [(2, "/b.jpg"), (4, "/c d.jpg")])
        let deadline = Date().addingTimeInterval(10)
        var finished: [[PhotoID]] = []
        while finished.isEmpty, Date() < deadline {
            runner.waitForOne(upTo: 0.1)
            finished += runner.takeFinished().photos
        }
        #expect(finished == [[2, 4]])
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "/b.jpg\n/c d.jpg\n")
        runner.run(2, current: (0, "/a.jpg"), marked: [])
        var failures: [String] = []
        while failures.isEmpty, Date() < deadline {
            runner.waitForOne(upTo: 0.1)
            failures += runner.takeFinished().failures
        }
        #expect(failures == ["--action2 ended with status 3"])
        #expect(runner.runningCount == 0)
    }
}
