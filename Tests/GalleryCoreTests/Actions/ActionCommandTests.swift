import Foundation
import GalleryCore
import Testing

/// The user's actions: how `%f` and `%F` expand, and the runner's threads and process groups.
@Suite("Actions")
struct ActionCommandTests {
    @Test(
        "%f is the photo, %F the marked ones (else the photo), %% a percent; with neither the photo is appended",
        arguments: [
            ("cp %f keep/", ["/a/1.jpg"], "cp '/p/it'\\''s.jpg' keep/"),
            ("cp %F keep/", ["/a/1.jpg", "/a/b c.jpg"], "cp '/a/1.jpg' '/a/b c.jpg' keep/"),
            ("cp %F keep/", [], "cp '/p/it'\\''s.jpg' keep/"),
            ("echo 100%% %f", [], "echo 100% '/p/it'\\''s.jpg'"),
            ("gimp", ["/a/1.jpg"], "gimp '/p/it'\\''s.jpg'"),
            ("echo %x%", [], "echo %x% '/p/it'\\''s.jpg'"),
        ])
    func expansion(template: String, marked: [String], command: String) {
        #expect(ActionCommand(template: template).expanded(current: "/p/it's.jpg", marked: marked) == command)
    }

    @Test("an action runs on its own thread and hands back its photos; a failing one is reported")
    func runner() throws {
        let folder = try TemporaryFolder()
        let output = folder.path + "/out.txt"
        let runner = ActionRunner(commands: [
            1: ActionCommand(template: "printf '%s\\n' %F > " + ActionCommand.shellQuoted(output)),
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
