import Testing

/// Parent of every suite that touches SDL. `.serialized` applies to nested suites too, so they run one test at a
/// time: SDL's state (initialisation, hints, the event queue) is process-wide. Nest new SDL suites in an extension.
@Suite(.serialized)
enum SDLSerializedTests {}
