import CSDL2
import GalleryCore

/// SDL's keycodes as the gallery's keys: the one place a key is translated from SDL (`WindowInput`).
enum SDLKeys {
    /// The key for `code`, or nil for a key the gallery has no name for (Tab, Insert, the keypad's digits).
    static func key(_ code: SDL_Keycode) -> Key? {
        if let named = named[code] { return named }
        // Below SDL's scancode mask a keycode is the character the key types unshifted (a letter in lower case).
        guard code > 32, code != 127, code < (1 << 30), let scalar = Unicode.Scalar(UInt32(code)) else { return nil }
        return .character(Character(scalar))
    }

    /// Whether `code` only modifies the next key (Shift, Ctrl, Alt, the logo keys, Caps Lock, AltGr).
    static func isModifier(_ code: SDL_Keycode) -> Bool {
        modifiers.contains(code)
    }

    private static func code(_ keyCode: SDL_KeyCode) -> SDL_Keycode {
        SDL_Keycode(truncatingIfNeeded: keyCode.rawValue)
    }

    private static let named: [SDL_Keycode: Key] = [
        code(SDLK_SPACE): .space, code(SDLK_RETURN): .enter, code(SDLK_KP_ENTER): .keypadEnter,
        code(SDLK_KP_PLUS): .keypadPlus, code(SDLK_KP_MINUS): .keypadMinus, code(SDLK_BACKSPACE): .backspace,
        code(SDLK_DELETE): .delete, code(SDLK_ESCAPE): .escape, code(SDLK_LEFT): .left, code(SDLK_RIGHT): .right,
        code(SDLK_UP): .up, code(SDLK_DOWN): .down, code(SDLK_HOME): .home, code(SDLK_END): .end,
        code(SDLK_PAGEUP): .pageUp, code(SDLK_PAGEDOWN): .pageDown, code(SDLK_F1): .function(1),
        code(SDLK_F2): .function(2), code(SDLK_F3): .function(3), code(SDLK_F4): .function(4),
        code(SDLK_F5): .function(5), code(SDLK_F6): .function(6), code(SDLK_F7): .function(7),
        code(SDLK_F8): .function(8), code(SDLK_F9): .function(9), code(SDLK_F10): .function(10),
        code(SDLK_F11): .function(11), code(SDLK_F12): .function(12),
    ]

    private static let modifiers: Set<SDL_Keycode> = [
        code(SDLK_LSHIFT), code(SDLK_RSHIFT), code(SDLK_LCTRL), code(SDLK_RCTRL), code(SDLK_LALT), code(SDLK_RALT),
        code(SDLK_LGUI), code(SDLK_RGUI), code(SDLK_CAPSLOCK), code(SDLK_MODE),
    ]
}
