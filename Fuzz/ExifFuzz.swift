// libFuzzer target: the EXIF orientation reader (libexif through Imaging's ExifOrientation). Any bytes must give an
// orientation, never trap or touch memory they should not (`make fuzz`). libexif itself is not instrumented for
// coverage, only checked by ASan's interceptors.
import Imaging

@_cdecl("LLVMFuzzerTestOneInput")
public func exifFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let orientation = ExifOrientation.read(jpeg: UnsafeRawBufferPointer(start: data, count: size))
    precondition(ExifOrientation.allCases.contains(orientation))
    return 0
}
