import Glibc
import Testing

/// Asks a display's CLIPBOARD owner for one target as a requestor does, through libX11 (loaded with `dlopen`: the
/// tests link no Xlib), and reports the type of the property the answer is in: `INCR` when the owner sends the data in
/// pieces. It reads no further: xclip reads whole answers, INCR or not, but cannot say which it got.
enum X11SelectionProbe {
    private typealias OpenDisplay = @convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?
    private typealias RootWindow = @convention(c) (OpaquePointer?) -> UInt
    private typealias CreateWindow =
        @convention(c) (OpaquePointer?, UInt, Int32, Int32, UInt32, UInt32, UInt32, UInt, UInt)
        -> UInt
    private typealias InternAtom = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32) -> UInt
    private typealias ConvertSelection = @convention(c) (OpaquePointer?, UInt, UInt, UInt, UInt, UInt) -> Int32
    private typealias Pending = @convention(c) (OpaquePointer?) -> Int32
    private typealias NextEvent = @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Int32
    private typealias GetProperty =
        @convention(c) (
            OpaquePointer?, UInt, UInt, Int, Int, Int32, UInt, UnsafeMutablePointer<UInt>?,
            UnsafeMutablePointer<Int32>?,
            UnsafeMutablePointer<UInt>?, UnsafeMutablePointer<UInt>?,
            UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?
        ) -> Int32
    private typealias Close = @convention(c) (OpaquePointer?) -> Int32

    /// The type (an atom's name) of the property the CLIPBOARD owner on `display` answers a request for `target` in;
    /// nil when it refuses or does not answer within 10 seconds.
    static func answerType(display: String, target: String) throws -> String? {
        let library = try #require(dlopen("libX11.so.6", RTLD_NOW), "libX11 cannot be loaded")
        defer { dlclose(library) }
        func function<F>(_ name: String, as type: F.Type) throws -> F {
            unsafeBitCast(try #require(dlsym(library, name), "libX11 lacks \(name)"), to: type)
        }
        let open = try function("XOpenDisplay", as: OpenDisplay.self)
        let root = try function("XDefaultRootWindow", as: RootWindow.self)
        let create = try function("XCreateSimpleWindow", as: CreateWindow.self)
        let intern = try function("XInternAtom", as: InternAtom.self)
        let convert = try function("XConvertSelection", as: ConvertSelection.self)
        let pending = try function("XPending", as: Pending.self)
        let next = try function("XNextEvent", as: NextEvent.self)
        let property = try function("XGetWindowProperty", as: GetProperty.self)
        let getName = try function(
            "XGetAtomName", as: (@convention(c) (OpaquePointer?, UInt) -> UnsafeMutablePointer<CChar>?).self)
        let close = try function("XCloseDisplay", as: Close.self)
        let release = try function("XFree", as: (@convention(c) (UnsafeMutableRawPointer?) -> Int32).self)

        let connection = try #require(open(display), "cannot open \(display)")
        defer { _ = close(connection) }
        let window = create(connection, root(connection), 0, 0, 1, 1, 0, 0, 0)
        let answer = intern(connection, "GALLERY_TEST_ANSWER", 0)
        _ = convert(connection, intern(connection, "CLIPBOARD", 0), intern(connection, target, 0), answer, window, 0)
        // XEvent is a union of 24 longs; a SelectionNotify's type is its first int, its property at byte 56.
        var event = [UInt](repeating: 0, count: 24)
        let notified = XvfbDisplay.waitFor(seconds: 10) { () -> UInt? in
            while pending(connection) > 0 {
                event.withUnsafeMutableBytes { _ = next(connection, $0.baseAddress) }
                let type = event.withUnsafeBytes { $0.load(as: Int32.self) }
                if type == 31 { return event.withUnsafeBytes { $0.load(fromByteOffset: 56, as: UInt.self) } }
            }
            return nil
        }
        guard let answered = notified, answered != 0 else { return nil }
        var type: UInt = 0
        var format: Int32 = 0
        var items: UInt = 0
        var after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        _ = property(connection, window, answered, 0, 0, 0, 0, &type, &format, &items, &after, &data)
        if let data { _ = release(data) }
        guard type != 0, let name = getName(connection, type) else { return nil }
        defer { _ = release(name) }
        return String(cString: name)
    }
}
