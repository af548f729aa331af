// Gallery's own API speaks the scene's types (the controller its runs drive, the `Canvas` its renderer is) and,
// through it, the imaging module's and the decoder processes', so whoever imports Gallery sees them all.
@_exported import GalleryScene
