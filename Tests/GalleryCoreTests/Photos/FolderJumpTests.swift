import GalleryCore
import Testing

@Suite("Next and previous folder: where the keys go in the gallery's order, and what they say")
struct FolderJumpTests {
    /// A tree of shoots as `--recursive` lists it by name: photos at the top, nested day folders, a folder of one.
    static let tree = [
        "/home/me/shoots/a.jpg",  // 0: shoots
        "/home/me/shoots/holiday/day1/1.jpg",  // 1: holiday/day1
        "/home/me/shoots/holiday/day1/2.jpg",  // 2
        "/home/me/shoots/holiday/day2/1.jpg",  // 3: holiday/day2
        "/home/me/shoots/holiday/day2/2.jpg",  // 4
        "/home/me/shoots/holiday/day2/3.jpg",  // 5
        "/home/me/shoots/party/1.jpg",  // 6: party, one photo
        "/home/me/shoots/z.jpg",  // 7: shoots again (the top's photos part around its subfolders)
    ]

    /// The same folders interleaved, as a sort by date can leave them: a b a c b b.
    static let mixed = ["s/a/1.jpg", "s/b/1.jpg", "s/a/2.jpg", "s/c/1.jpg", "s/b/2.jpg", "s/b/3.jpg"]

    struct Case: CustomTestStringConvertible, Sendable {
        let paths: [String]
        let from: Int
        let forward: Bool
        let wraps: Bool
        let expected: FolderJumpOutcome
        let testDescription: String
    }

    static let cases: [Case] = [
        Case(
            paths: tree, from: 0, forward: true, wraps: false,
            expected: .reached(photo: 1, folder: "shoots/holiday/day1", photos: 2, inARow: 2),
            testDescription: "from the top folder into a nested one"),
        Case(
            paths: tree, from: 1, forward: true, wraps: false,
            expected: .reached(photo: 3, folder: "shoots/holiday/day2", photos: 3, inARow: 3),
            testDescription: "from the first photo of a folder to the next folder's first"),
        Case(
            paths: tree, from: 4, forward: true, wraps: false,
            expected: .reached(photo: 6, folder: "shoots/party", photos: 1, inARow: 1),
            testDescription: "from the middle of a folder to a folder of one photo"),
        Case(
            paths: tree, from: 5, forward: false, wraps: false,
            expected: .reached(photo: 1, folder: "shoots/holiday/day1", photos: 2, inARow: 2),
            testDescription: "back from a folder's last photo: the previous folder's first, not this one's"),
        Case(
            paths: tree, from: 6, forward: false, wraps: false,
            expected: .reached(photo: 3, folder: "shoots/holiday/day2", photos: 3, inARow: 3),
            testDescription: "back from a folder of one photo"),
        Case(
            paths: tree, from: 6, forward: true, wraps: false,
            expected: .reached(photo: 7, folder: "shoots", photos: 2, inARow: 1),
            testDescription: "a folder parted by the order is met again, its photos counted whole"),
        Case(
            paths: tree, from: 7, forward: true, wraps: false,
            expected: .noFurther(folder: "shoots", forward: true), testDescription: "the last folder stops, bounded"),
        Case(
            paths: tree, from: 2, forward: false, wraps: false,
            expected: .reached(photo: 0, folder: "shoots", photos: 2, inARow: 1),
            testDescription: "back to the first folder"),
        Case(
            paths: tree, from: 0, forward: false, wraps: false,
            expected: .noFurther(folder: "shoots", forward: false), testDescription: "the first folder stops, bounded"),
        Case(
            paths: tree, from: 6, forward: true, wraps: true,
            expected: .reached(photo: 7, folder: "shoots", photos: 2, inARow: 2),
            testDescription: "wrapping, the top folder's run reaches across the seam"),
        Case(
            paths: tree, from: 7, forward: true, wraps: true,
            expected: .reached(photo: 1, folder: "shoots/holiday/day1", photos: 2, inARow: 2),
            testDescription: "wrapping, past the last folder comes the first (its run across the seam counted once)"),
        Case(
            paths: tree, from: 1, forward: false, wraps: true,
            expected: .reached(photo: 7, folder: "shoots", photos: 2, inARow: 2),
            testDescription: "wrapping back: the run before begins before the seam"),
        Case(
            paths: mixed, from: 0, forward: true, wraps: false,
            expected: .reached(photo: 1, folder: "s/b", photos: 3, inARow: 1),
            testDescription: "interleaved: the next photo in another folder, never back"),
        Case(
            paths: mixed, from: 2, forward: true, wraps: false,
            expected: .reached(photo: 3, folder: "s/c", photos: 1, inARow: 1),
            testDescription: "interleaved: from a's second run onward, not back to b's first photo"),
        Case(
            paths: mixed, from: 5, forward: false, wraps: false,
            expected: .reached(photo: 3, folder: "s/c", photos: 1, inARow: 1),
            testDescription: "interleaved: back from the middle of a run to the run before it"),
        Case(
            paths: mixed, from: 3, forward: true, wraps: false,
            expected: .reached(photo: 4, folder: "s/b", photos: 3, inARow: 2),
            testDescription: "interleaved: a folder's later run, its photos counted whole"),
        Case(
            paths: ["trip/1.jpg", "trip/2.jpg", "trip/3.jpg"], from: 1, forward: true, wraps: false,
            expected: .oneFolder(folder: "trip", photos: 3), testDescription: "one folder, bounded"),
        Case(
            paths: ["trip/1.jpg", "trip/2.jpg", "trip/3.jpg"], from: 0, forward: false, wraps: true,
            expected: .oneFolder(folder: "trip", photos: 3), testDescription: "one folder, wrapping"),
        Case(
            paths: ["only.jpg"], from: 0, forward: true, wraps: true,
            expected: .oneFolder(folder: ".", photos: 1), testDescription: "one photo named bare: the folder ."),
        Case(
            paths: ["a/x.jpg", "b/y.jpg"], from: 0, forward: true, wraps: false,
            expected: .reached(photo: 1, folder: "b", photos: 1, inARow: 1),
            testDescription: "files named from two folders: folders are folders"),
        Case(
            paths: ["/srv/a/x.jpg", "/home/b/y.jpg", "/z.jpg"], from: 0, forward: true, wraps: false,
            expected: .reached(photo: 1, folder: "/home/b", photos: 1, inARow: 1),
            testDescription: "folders sharing only the root are named whole"),
        Case(
            paths: ["/srv/a/x.jpg", "/home/b/y.jpg", "/z.jpg"], from: 1, forward: true, wraps: false,
            expected: .reached(photo: 2, folder: "/", photos: 1, inARow: 1),
            testDescription: "a photo at the root is in /"),
        Case(
            paths: ["d/caf\u{E9}/1.jpg", "d/cafe\u{301}/1.jpg"], from: 0, forward: true, wraps: false,
            expected: .reached(photo: 1, folder: "d/cafe\u{301}", photos: 1, inARow: 1),
            testDescription: "names Unicode calls equal are two folders on disk"),
        Case(
            paths: ["x/ab/1.jpg", "x/a/1.jpg"], from: 0, forward: true, wraps: false,
            expected: .reached(photo: 1, folder: "x/a", photos: 1, inARow: 1),
            testDescription: "a folder whose name begins another's: whole components only"),
    ]

    @Test("each key from each photo", arguments: cases)
    func jump(_ each: Case) {
        let outcome = FolderJump(paths: each.paths).outcome(from: each.from, forward: each.forward, wraps: each.wraps)
        #expect(outcome == each.expected)
    }

    @Test("generated pages have no folders; an empty gallery neither")
    func noFolders() {
        #expect(FolderJump(count: 5) { _ in nil }.outcome(from: 2, forward: true, wraps: true) == .noFolders)
        #expect(FolderJump(paths: []).outcome(from: 0, forward: false, wraps: false) == .noFolders)
    }

    @Test(
        "what the information line says",
        arguments: [
            (
                FolderJumpOutcome.reached(photo: 3, folder: "holiday/day2", photos: 14, inARow: 14),
                "holiday/day2 — 14 photos"
            ),
            (.reached(photo: 3, folder: "party", photos: 1, inARow: 1), "party — 1 photo"),
            (.reached(photo: 3, folder: "s/b", photos: 3, inARow: 1), "s/b — 3 photos, 1 in a row here"),
            (.noFurther(folder: "holiday/day3", forward: true), "holiday/day3 is the last folder"),
            (.noFurther(folder: "holiday/day1", forward: false), "holiday/day1 is the first folder"),
            (.oneFolder(folder: "trip", photos: 12), "one folder: trip — 12 photos"),
            (.noFolders, "no folders: these pages are generated"),
        ])
    func notice(_ outcome: FolderJumpOutcome, _ expected: String) {
        #expect(outcome.notice == expected)
    }
}
