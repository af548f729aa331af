/// The mouse and touchpad gestures the window understands (`WindowInput`), for the help, the man page and README.
public enum GestureMap {
    /// Every gesture, in the order the help lists them.
    public static let bindings: [GestureBinding] = [
        GestureBinding(
            gesture: "left-button drag",
            summary: "the photos follow the pointer; release to settle, flick to turn the page"),
        GestureBinding(
            gesture: "mouse wheel, touchpad scroll",
            summary: "next / previous photo, one per notch (touchpad scrolling adds up to notches)"),
    ]
}
