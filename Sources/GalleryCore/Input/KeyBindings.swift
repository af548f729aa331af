/// Which command each key gives: `standard` (the `KeyMap` the help lists) with the configuration file's `[keys]` over
/// it. Every key is exact here: the standard letters that work in both cases (d and D flip the wheel) are bound in
/// both, so a file that binds `D` leaves `d` as it was.
public struct KeyBindings: Equatable, Sendable {
    /// The command of each bound key, Ctrl combinations with their letter in upper case.
    public private(set) var commands: [Key: GalleryCommand]
    /// The keys in the order the file and the help list them: the standard map's, then the others bound, by name.
    public private(set) var order: [Key]

    /// The keys `KeyMap` binds, with each letter a help line names bound in the other case too when that is free.
    public static let standard: KeyBindings = {
        var commands: [Key: GalleryCommand] = [:]
        var order: [Key] = []
        let actions = KeyMap.bindings.flatMap { $0.keys + $0.unnamed }
        for action in actions {
            precondition(commands.updateValue(action.command, forKey: action.key) == nil, "\(action.key.name) twice")
            order.append(action.key)
        }
        for action in KeyMap.bindings.flatMap(\.keys) {
            guard case .character(let letter) = action.key, letter.isLetter else { continue }
            let other = letter.isUppercase ? letter.lowercased() : letter.uppercased()
            guard other.count == 1, case let swapped = Key.character(Character(other)), commands[swapped] == nil
            else { continue }
            commands[swapped] = action.command
            order.insert(swapped, at: (order.firstIndex(of: action.key) ?? order.count - 1) + 1)
        }
        return KeyBindings(commands: commands, order: order)
    }()

    private init(commands: [Key: GalleryCommand], order: [Key]) {
        self.commands = commands
        self.order = order
    }

    /// The command `key` gives (Ctrl with a letter in either case), or nil when it is unbound.
    public func command(for key: Key) -> GalleryCommand? {
        commands[Self.normalised(key)]
    }

    /// `key` as bound: Ctrl with its letter in upper case.
    static func normalised(_ key: Key) -> Key {
        if case .ctrl(let held) = key { .ctrl(held.withCtrl) } else { key }
    }

    /// These bindings with `key` bound to `command`, or unbound when nil.
    public func binding(_ key: Key, to command: GalleryCommand?) -> KeyBindings {
        var changed = self
        let key = Self.normalised(key)
        changed.commands[key] = command
        if !changed.order.contains(key) { changed.order.append(key) }
        return changed
    }

    /// The keys bound here that `standard` binds otherwise (or not at all), and the standard ones unbound here.
    public var changes: [(key: Key, command: GalleryCommand?)] {
        let standard = Self.standard
        return order.compactMap { key in
            commands[key] == standard.commands[key] ? nil : (key, commands[key])
        }
    }
}
