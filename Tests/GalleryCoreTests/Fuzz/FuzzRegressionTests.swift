import GalleryCore
import Testing

/// Inputs the libFuzzer targets (`make fuzz`) once failed on, kept so that they never fail again.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    @Test(
        "a parsed script reads back equal from its own text, whatever the precision of its numbers",
        arguments: [
            // script-parser, crash-277a7793…: x with 64 decimals, written with 6, read back as another Double.
            // (Rounding on reading instead would move events like t = 58/60 to the next frame.)
            #"{"t":0.667,"type":"move","x":673.2222222222222222222222222222222222222222222222222222222222222223,"y":360}"#,
            #"{"t":0.1234567891,"type":"down","x":0.0000004,"y":-0.0000005}"#,
            #"{"t":9999999.9999999,"type":"wheel","dx":-999.99999999,"dy":1e-7}"#,
            #"{"t":1.0000005,"type":"up","x":999999.9999995,"y":-999999.9999995}"#,
        ])
    func scriptRoundTrip(line: String) throws {
        let script = try Script.parse(line)
        #expect(try Script.parse(script.jsonLines) == script)
    }

    @Test(
        "short numbers are still written short",
        arguments: [
            (#"{"t":0.05,"type":"move","x":600.5,"y":-20}"#, #"{"t":0.05,"type":"move","x":600.5,"y":-20}"#),
            (
                #"{"t":0.9666666666666667,"type":"key","key":"Right"}"#,
                #"{"t":0.9666666666666667,"type":"key","key":"Right"}"#
            ),
        ])
    func shortStaysShort(line: String, written: String) throws {
        #expect(try Script.parse(line).jsonLines == written + "\n")
    }
}
