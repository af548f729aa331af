// Gallery's own API speaks the imaging module's values (sizes, rectangles, decode failures, requests), so whoever
// imports Gallery sees them without importing Imaging as well.
@_exported import Imaging
