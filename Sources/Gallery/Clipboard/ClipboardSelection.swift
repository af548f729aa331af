/// A window system's selection that serves targets to other programs (`WindowSystemSelection`): an offer of named targets,
/// some of whose bytes come later.
protocol ClipboardSelection: Sendable {
    /// Takes the clipboard offering `targets` in order (nil bytes: to come with `provide`); the offer's number, or nil
    /// when it cannot be made.
    func offer(_ targets: [(name: String, bytes: [UInt8]?)]) -> UInt64?

    /// The bytes of the pending `target` of offer `offer`; nil withdraws it. Ignored once another offer replaced it.
    func provide(_ offer: UInt64, target: String, bytes: [UInt8]?)

    /// Stops serving: the clipboard's contents go with the gallery.
    func close()
}
