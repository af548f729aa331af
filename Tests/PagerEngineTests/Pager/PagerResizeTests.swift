import PagerEngine
import Testing

@Suite("Pager resize")
struct PagerResizeTests {
    static let sizes: [(Double, Double)] = [(800, 600), (1920, 1080), (333, 977), (4000, 300)]

    @Test("Resize at rest keeps the page exactly", arguments: TopologyKind.allCases)
    func atRest(kind: TopologyKind) {
        var pager = Pager.make(kind, pages: 7, startPage: 3)
        for (index, size) in Self.sizes.enumerated() {
            _ = pager.handle(.resize(Viewport(width: size.0, height: size.1)), at: Double(index))
            #expect(pager.currentPage == 3)
            #expect(abs(pager.logicalPosition - 3) < 1e-9)
            #expect(pager.phase == .idle)
        }
    }

    @Test("Resize mid-drag keeps the logical page and fraction, then follows the pointer 1:1")
    func midDrag() {
        var pager = Pager.make(.endCaps, pages: 5, startPage: 1)
        _ = pager.handle(.pointerDown(x: 900, y: 300), at: 0)
        _ = pager.handle(.pointerMove(x: 500, y: 300), at: 0.05)
        let before = pager.logicalPosition
        _ = pager.handle(.resize(Viewport(width: 640, height: 480)), at: 0.06)
        #expect(abs(pager.logicalPosition - before) < 1e-3)
        let offset = pager.offset
        _ = pager.handle(.pointerMove(x: 450, y: 300), at: 0.07)
        #expect(abs(pager.offset - (offset + 50)) < 1e-9)
    }

    @Test("Resize mid-settle keeps the fraction and still lands on the target", arguments: [0.05, 0.15, 0.3, 0.5])
    func midSettle(after: Double) {
        var pager = Pager.make(.threeSurfaces, pages: 9, startPage: 4)
        _ = pager.handle(.command(.next), at: 0)
        _ = pager.advance(to: after)
        let before = pager.logicalPosition
        _ = pager.handle(.resize(Viewport(width: 700, height: 900)), at: after)
        #expect(abs(pager.logicalPosition - before) < 1e-3)
        _ = pager.advance(to: after + 3)
        #expect(pager.currentPage == 5)
        #expect(abs(pager.logicalPosition - 5) < 1e-9)
    }

    @Test("A resize during a rubber band keeps the stretch proportional and springs back")
    func midRubberBand() {
        var pager = Pager.make(.bounded, pages: 3)
        _ = pager.handle(.pointerDown(x: 100, y: 100), at: 0)
        _ = pager.handle(.pointerMove(x: 400, y: 100), at: 0.05)
        let before = pager.logicalPosition
        _ = pager.handle(.resize(Viewport(width: 800, height: 600)), at: 0.06)
        #expect(abs(pager.logicalPosition - before) < 1e-3)
        _ = pager.handle(.pointerUp(x: 400, y: 100), at: 0.3)
        _ = pager.advance(to: 3)
        #expect(pager.offset == 0)
    }
}
