import GalleryCore
import Testing

@Suite("Natural order")
struct NaturalOrderTests {
    @Test(
        "names sort as people expect",
        arguments: [
            (["10.jpg", "2.jpg", "1.jpg"], ["1.jpg", "2.jpg", "10.jpg"]),
            (["img12.png", "img2.png", "IMG3.png", "img1.png"], ["img1.png", "img2.png", "IMG3.png", "img12.png"]),
            (["b.jpg", "A.jpg", "a.jpg", "B.jpg"], ["A.jpg", "a.jpg", "B.jpg", "b.jpg"]),
            (["x01.jpg", "x1.jpg", "x001.jpg", "x2.jpg"], ["x1.jpg", "x01.jpg", "x001.jpg", "x2.jpg"]),
            (["a10b2", "a10b10", "a2b100", "a10"], ["a2b100", "a10", "a10b2", "a10b10"]),
            (
                ["photo 100000000000000000000000.jpg", "photo 99999999999999999999999.jpg"],
                ["photo 99999999999999999999999.jpg", "photo 100000000000000000000000.jpg"]
            ),
            (["é.jpg", "e.jpg", "f.jpg"], ["e.jpg", "f.jpg", "é.jpg"]),
        ])
    func sorts(input: [String], expected: [String]) {
        #expect(input.sorted(by: NaturalOrder.areInIncreasingOrder) == expected)
        #expect(input.reversed().sorted(by: NaturalOrder.areInIncreasingOrder) == expected)
    }

    @Test("the order is a strict total order on distinct names")
    func isStrictTotalOrder() {
        let names = ["1", "01", "001", "a", "A", "a1", "A1", "a01", "a1b", "a1B", "10", "9", "", "b", "B2", "b10"]
        for lhs in names {
            #expect(!NaturalOrder.areInIncreasingOrder(lhs, lhs))
            for rhs in names where rhs != lhs {
                #expect(
                    NaturalOrder.areInIncreasingOrder(lhs, rhs) != NaturalOrder.areInIncreasingOrder(rhs, lhs),
                    "\(lhs) vs \(rhs)")
                for third in names
                where NaturalOrder.areInIncreasingOrder(lhs, rhs)
                    && NaturalOrder.areInIncreasingOrder(rhs, third)
                {
                    #expect(NaturalOrder.areInIncreasingOrder(lhs, third), "\(lhs) < \(rhs) < \(third)")
                }
            }
        }
    }
}
