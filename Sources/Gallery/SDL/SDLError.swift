import CSDL2

/// A failed SDL, SDL_image or SDL_ttf call, with the library's message captured at the moment of failure.
public struct SDLError: Error, Sendable, Hashable {
    /// The C function (or wrapper operation) that failed, e.g. `SDL_CreateRenderer`.
    public let call: String
    /// The library's explanation of the failure.
    public let message: String

    /// An error for `call` with an explanation given by the caller.
    public init(call: String, message: String) {
        self.call = call
        self.message = message
    }

    /// An error for `call`, reading `SDL_GetError` now, before a later call can overwrite it.
    ///
    /// `IMG_GetError` and `TTF_GetError` are aliases of `SDL_GetError`, so this covers all three libraries.
    /// The message is thread-local in SDL, so reading it on the failing thread is always correct.
    public init(failedCall call: String) {
        self.init(call: call, message: String(cString: SDL_GetError()))
    }

    /// Throws unless `code` follows SDL's success convention (zero or positive).
    public static func check(_ code: Int32, _ call: String) throws(SDLError) {
        if code < 0 {
            throw SDLError(failedCall: call)
        }
    }

    /// Returns `value`, or throws if SDL returned NULL.
    public static func nonNull<Value>(_ value: Value?, _ call: String) throws(SDLError) -> Value {
        guard let value else {
            throw SDLError(failedCall: call)
        }
        return value
    }
}

extension SDLError: CustomStringConvertible {
    /// `call: message`, ready for a log line or a start-up failure message.
    public var description: String {
        message.isEmpty ? "\(call) failed" : "\(call): \(message)"
    }
}
