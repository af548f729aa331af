// libFuzzer target: the GIF block scan and the WebP chunk scan that count an animation's frames before any is
// decoded, and the clocks made from what they find. Any bytes must scan or give nil, never trap; a scan never counts
// more than its limit or a negative or non-finite delay, and the clock's frames and next changes stay in range
// (`make fuzz`, docs/RELIABILITY.md).
import Support

@_cdecl("LLVMFuzzerTestOneInput")
public func animationScanFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    if let scan = GIFScan(bytes: bytes) {
        guard scan.frameCount <= GIFScan.maximumFrames, scan.loopCount >= 0, scan.width >= 0, scan.height >= 0 else {
            fatalError("an impossible GIF scan: \(scan)")
        }
        check(scan.delays, loopCount: scan.loopCount)
    }
    if let scan = WebPScan(bytes: bytes) {
        guard scan.frameCount <= WebPScan.maximumFrames, scan.loopCount >= 0, scan.width >= 0, scan.height >= 0 else {
            fatalError("an impossible WebP scan: \(scan)")
        }
        check(scan.delays, loopCount: scan.loopCount)
    }
    return 0
}

/// The delays are finite and not negative, and the clock made from them stays in range.
func check(_ delays: [Double], loopCount: Int) {
    guard delays.allSatisfy({ $0.isFinite && $0 >= 0 }) else { fatalError("an impossible delay in \(delays)") }
    let clock = AnimationClock(delays: delays, loopCount: loopCount)
    for elapsed in [0, 0.05, 0.1, 1.234, 99.5] {
        let frame = clock.frame(at: elapsed)
        guard frame >= 0, frame < max(clock.frameCount, 1) else { fatalError("frame \(frame) out of range") }
        if let next = clock.nextChange(after: elapsed), next <= elapsed {
            fatalError("the next change \(next) is not after \(elapsed)")
        }
    }
}
