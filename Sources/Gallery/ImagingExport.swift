// Gallery's own API speaks the imaging module's values (sizes, rectangles, decode failures, requests, decoded
// pictures) and its decoders', so whoever imports Gallery sees them without importing Imaging and ImageDecoders too.
@_exported import ImageDecoders
@_exported import Imaging
