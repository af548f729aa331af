import Logging

extension Logger {
    /// The source the scene's log lines name, "[Gallery]" (swift-log's default is the calling module's name): the app's
    /// log reads the same whichever of its modules wrote a line.
    static let gallerySource = "Gallery"
}
