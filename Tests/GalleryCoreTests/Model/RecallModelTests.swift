import PagerEngine
import Support
import Testing

@testable import GalleryCore

@Suite("Remembered views in the model")
struct RecallModelTests {
    static func model() -> GalleryModel {
        GalleryModel(photoCount: 5, mode: .bounded, viewport: Viewport(width: 800, height: 600))
    }

    @Test("views handed in turn their photos at once; at quit every view handed in or changed is read back")
    func turnsAndReadsBack() {
        var model = Self.model()
        #expect(model.viewsToRemember().isEmpty)
        let zoom = CarriedZoom(imageScale: 2, shareX: 0.5, shareY: 0)
        model.setRememberedViews([
            PhotoID(2): RememberedView(zoom: nil, orientation: ViewOrientation(quarterTurns: 1, mirrored: false)),
            PhotoID(3): RememberedView(zoom: zoom, orientation: .upright),
        ])
        #expect(model.orientation(of: PhotoID(2)) == ViewOrientation(quarterTurns: 1, mirrored: false))
        let views = model.viewsToRemember()
        // Photo 3 was never shown: its zoom waits, and is kept as it was; photo 0 is on screen, at fit.
        #expect(views[PhotoID(3)] == RememberedView(zoom: zoom, orientation: .upright))
        #expect(views[PhotoID(2)]?.orientation == ViewOrientation(quarterTurns: 1, mirrored: false))
        #expect(views[PhotoID(0)]?.isPlain == true)
    }

    @Test("views follow their photos when the library is renumbered")
    func renumbered() {
        var model = Self.model()
        let turned = ViewOrientation(quarterTurns: 2, mirrored: true)
        model.setRememberedViews([PhotoID(4): RememberedView(zoom: nil, orientation: turned)])
        model.renumberPhotos(
            count: 4, renumbered: { $0 == PhotoID(0) ? nil : PhotoID($0.rawValue - 1) }, showing: PhotoID(0), note: nil,
            at: 1)
        #expect(model.orientation(of: PhotoID(3)) == turned && model.orientation(of: PhotoID(4)) == .upright)
        #expect(model.viewsToRemember()[PhotoID(3)]?.orientation == turned)
    }
}
