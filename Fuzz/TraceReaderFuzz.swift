// libFuzzer target: the trace reader. Any bytes must read or be refused with a TraceError, never trap; records that
// read must write out and read back to the same text (`make fuzz`, docs/RELIABILITY.md).
import GalleryCore

@_cdecl("LLVMFuzzerTestOneInput")
public func traceReaderFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard let text = String(validating: UnsafeBufferPointer(start: data, count: size), as: UTF8.self) else { return 0 }
    guard let records = try? TraceReader.records(in: text) else { return 0 }
    let written = records.map { $0.jsonLine + "\n" }.joined()
    guard let again = try? TraceReader.records(in: written), again.map(\.jsonLine) == records.map(\.jsonLine) else {
        fatalError("trace records do not read back from their own text:\n\(written)")
    }
    return 0
}
