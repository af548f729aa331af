/// The mouse and touchpad gestures the window understands (`WindowInput`), for the help, the man page and README.
public enum GestureMap {
    /// Every gesture, in the order the help lists them.
    public static let bindings: [GestureBinding] = [
        GestureBinding(
            gesture: "left-button drag",
            summary: "the photos follow the pointer; flick to turn the page; a photo dragged down goes to the grid"),
        GestureBinding(
            gesture: "touchpad two-finger scroll",
            summary: "the photos follow the fingers 1:1, rest with them, fling on lift (X11: a swipe turns one photo)"),
        GestureBinding(
            gesture: "mouse wheel", summary: "next / previous photo, one per notch (grid: a row; compare: zoom both)"),
        GestureBinding(
            gesture: "click on the left / right third", summary: "previous / next photo (the middle does nothing)"),
        GestureBinding(
            gesture: "double-click in the middle", summary: "zoom to 100 % at the pointer, or back to fit"),
        GestureBinding(
            gesture: "Ctrl + mouse wheel, pinch",
            summary: "zoom in or out at the pointer (grid: the thumbnail size; compare: both)"),
        GestureBinding(
            gesture: "drag a zoomed photo",
            summary: "pans it; past its left or right edge the next photo comes in (compare: both, or the divider)"),
        GestureBinding(gesture: "click on a page dot", summary: "go to that photo, the short way round"),
        GestureBinding(
            gesture: "click in the feed, wheel or grid", summary: "retry a failed load / open that row / that photo"),
    ]

    /// One line per gesture, gestures padded to a column, as `KeyMap.helpLines` lays out keys.
    public static var helpLines: [String] {
        let width = bindings.map(\.gesture.count).max() ?? 0
        return bindings.map { binding in
            binding.gesture + String(repeating: " ", count: width - binding.gesture.count + 3) + binding.summary
        }
    }
}
