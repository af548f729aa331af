import Foundation
import GalleryCore
import Testing

extension SDLSerializedTests {
    @Suite("Cache budgets in bytes")
    struct CacheBudgetTests {
        /// Flings through 500 generated pages with a 1 MB cache (about four 277×208 pages): decoded and texture bytes
        /// stay within it on every frame, and the current page is always drawn once it settles.
        @Test(arguments: ["bounded", "threeSurfaces"])
        func fiveHundredPageFlingStaysWithinTheBudgets(mode: String) throws {
            var lines: [String] = []
            for fling in 0..<12 {
                lines += ScriptLine.drag(at: 0.1 + 0.6 * Double(fling), from: 300, to: 40, duration: 0.04)
            }
            lines.append(ScriptLine.key(8.5, "End"))
            let run = try GalleryProcess.run(
                lines, arguments: ["--synthetic", "500", "--mode", mode, "--cache-mb", "1"])
            #expect(run.status == 0, "\(run.standardError)")
            let budget = 1 << 20
            for record in run.records {
                #expect(record.textureBytes <= budget, "t=\(record.t): \(record.textureBytes) texture bytes")
                #expect(record.decodedBytes <= budget, "t=\(record.t): \(record.decodedBytes) decoded bytes")
            }
            #expect(run.records.contains { $0.page > 20 })
            let last = try #require(run.records.last)
            #expect(last.page == 499)
            #expect(last.textures >= 1)
            #expect(run.traceText.contains(#""decoded_bytes":"#))
        }
    }
}
