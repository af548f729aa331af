import GalleryCore
import Support
import Testing

@testable import GalleryCore

@Suite("Photo details: the information panel's lines")
struct PhotoDetailsTests {
    @Test(
        "exposure reads as a camera prints it, with only the parts known",
        arguments: [
            (
                PhotoDetails(exposureSeconds: 0.004, fNumber: 2.8, iso: 200, focalLength: 35),
                "1/250 s · f/2.8 · ISO 200 · 35 mm"
            ),
            (PhotoDetails(exposureSeconds: 1.0 / 3, fNumber: 11), "0.3 s · f/11"),
            (PhotoDetails(exposureSeconds: 2, focalLength: 4.25), "2 s · 4.3 mm"),
            (PhotoDetails(exposureSeconds: 1.0 / 8000), "1/8000 s"),
            (PhotoDetails(iso: 6400), "ISO 6400"),
        ])
    func exposure(details: PhotoDetails, expected: String) {
        #expect(details.exposureText == expected)
    }

    @Test(
        "places read in degrees with the hemisphere's letter, the altitude when known, and the geo: URI Ctrl+O opens",
        arguments: [
            (51.50072, -0.12462, nil, "51.50072° N, 0.12462° W", "geo:51.50072,-0.12462"),
            (-33.8568, 151.2153, nil, "33.85680° S, 151.21530° E", "geo:-33.8568,151.2153"),
            (48.858370, 2.294481, 35.4, "48.85837° N, 2.29448° E, 35 m", "geo:48.85837,2.29448,35.4"),
            (31.5, 35.5, -430, "31.50000° N, 35.50000° E, -430 m", "geo:31.5,35.5,-430"),
            (0, 0, nil, "0.00000° N, 0.00000° E", "geo:0,0"),
        ] as [(Double, Double, Double?, String, String)])
    func location(latitude: Double, longitude: Double, altitude: Double?, expected: String, uri: String) {
        let details = PhotoDetails(location: (latitude, longitude), altitude: altitude)
        #expect(details.panelLines == ["GPS       \(expected)", "map       Ctrl+O opens it"])
        #expect(details.geoURI == uri)
        #expect(PhotoDetails(altitude: altitude).geoURI == nil)
    }

    @Test(
        "the camera names its maker once",
        arguments: [
            ("Canon", "Canon EOS R5", "Canon EOS R5"), ("NIKON CORPORATION", "NIKON D750", "NIKON D750"),
            ("FUJIFILM", "X-T4", "FUJIFILM X-T4"), (nil, "X-T4", "X-T4"), ("Apple ", nil, "Apple"),
        ] as [(String?, String?, String)])
    func camera(make: String?, model: String?, expected: String) {
        #expect(PhotoDetails(make: make, model: model).panelLines == ["camera    \(expected)"])
    }

    @Test(
        "file sizes in powers of 1000",
        arguments: [
            (1, "1 byte"), (812, "812 bytes"), (45_230, "45.2 kB"), (2_412_000, "2.4 MB"), (999_999, "1.0 MB"),
            (1_100_000_000, "1.1 GB"),
        ])
    func fileSize(bytes: Int, expected: String) {
        #expect(PhotoDetails(fileBytes: bytes).panelLines == ["file size \(expected)"])
    }

    @Test("every field has its line, in order; an empty date and blank names leave theirs out")
    func allLines() {
        let details = PhotoDetails(
            fileBytes: 2_412_000, taken: "2024:06:01 14:03:22", make: "FUJIFILM", model: "X-T4",
            lens: "XF35mmF1.4 R", exposureSeconds: 0.004, fNumber: 2.8, iso: 200, focalLength: 35,
            location: (51.50072, -0.12462))
        #expect(
            details.panelLines == [
                "taken     2024-06-01 14:03:22", "camera    FUJIFILM X-T4", "lens      XF35mmF1.4 R",
                "exposure  1/250 s · f/2.8 · ISO 200 · 35 mm", "GPS       51.50072° N, 0.12462° W",
                "map       Ctrl+O opens it",
                "file size 2.4 MB",
            ])
        #expect(PhotoDetails(taken: "    :  :     :  :  ", make: " ", lens: "\0\0").panelLines.isEmpty)
        #expect(PhotoDetails().panelLines.isEmpty)
    }

    @Test(
        "EXIF dates parse, and count seconds on their own clock",
        arguments: [
            ("1970:01:01 00:00:00", 0), ("2000:03:01 00:00:01", 951_868_801), ("2024:02:29 23:59:59", 1_709_251_199),
            ("1969:12:31 23:59:59", -1),
        ])
    func dates(text: String, seconds: Int) throws {
        let date = try #require(ExifDateTime(text))
        #expect(date.secondsSince1970 == seconds)
        #expect(date.description == text.replacingColonsOfTheDate())
    }

    @Test(
        "blank, zero and malformed dates are none",
        arguments: ["", "0000:00:00 00:00:00", "2024:13:01 00:00:00", "2024-06-01", "2024:06:01 25:00:00"])
    func badDates(text: String) {
        #expect(ExifDateTime(text) == nil)
    }
}

extension String {
    /// "2024-06-01 14:03:22" from "2024:06:01 14:03:22".
    fileprivate func replacingColonsOfTheDate() -> String {
        var characters = Array(self)
        characters[4] = "-"
        characters[7] = "-"
        return String(characters)
    }
}
