// libFuzzer target: the script parser. Any bytes must parse or be refused with a ScriptError, never trap; a script that
// parses must read back equal from its own text (`make fuzz`, docs/RELIABILITY.md).
import GalleryCore

@_cdecl("LLVMFuzzerTestOneInput")
public func scriptParserFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard let text = String(validating: UnsafeBufferPointer(start: data, count: size), as: UTF8.self) else { return 0 }
    guard let script = try? Script.parse(text) else { return 0 }
    guard let again = try? Script.parse(script.jsonLines), again == script else {
        fatalError("a parsed script does not read back from its own text:\n\(script.jsonLines)")
    }
    return 0
}
