// The scene's API speaks the imaging module's values (sizes, rectangles, decode failures, requests, decoded pictures)
// and the decoder processes', so whoever imports GalleryScene (or Gallery) sees them without importing Imaging and
// DecoderProcess too. The decoders themselves (ImageDecoders) are not linked: the viewer decodes in processes.
@_exported import DecoderProcess
@_exported import Imaging
