import GalleryCoreTesting
import Imaging
import Support
import Testing

/// The EXIF GPS position the I panel shows, as the decoder's reader parses it: degrees, minutes and seconds with the
/// hemisphere's letter, the altitude above or below sea level, and hostile values refused (a zero denominator, degrees
/// past the pole or the antimeridian, 60 minutes, an unknown letter).
@Suite struct GPSPositionTests {
    /// Case: the GPS fields written, and the position and altitude the reader gives (nil: none).
    struct Position: Sendable, CustomTestStringConvertible {
        var name: String
        var latitude: (reference: String, parts: [(UInt32, UInt32)])
        var longitude: (reference: String, parts: [(UInt32, UInt32)])
        var altitude: (reference: UInt8, metres: (UInt32, UInt32))? = nil
        var expected: (latitude: Double, longitude: Double)?
        var expectedAltitude: Double? = nil
        var testDescription: String { name }
    }

    static let paris: [(UInt32, UInt32)] = [(48, 1), (51, 1), (30_133, 1000)]
    static let east: [(UInt32, UInt32)] = [(2, 1), (17, 1), (40_132, 1000)]

    @Test(
        "GPS fields read, hostile ones refused",
        arguments: [
            Position(
                name: "Paris, 35.4 m", latitude: ("N", paris), longitude: ("E", east), altitude: (0, (354, 10)),
                expected: (48.8583703, 2.2944811), expectedAltitude: 35.4),
            Position(
                name: "south and west, below sea level", latitude: ("S", paris), longitude: ("W", east),
                altitude: (1, (430, 1)), expected: (-48.8583703, -2.2944811), expectedAltitude: -430),
            Position(
                name: "a zero denominator", latitude: ("N", [(48, 0), (51, 1), (30, 1)]), longitude: ("E", east),
                expected: nil),
            Position(
                name: "longitude past 180°", latitude: ("N", paris), longitude: ("E", [(181, 1), (0, 1), (0, 1)]),
                expected: nil),
            Position(
                name: "latitude past the pole", latitude: ("N", [(90, 1), (30, 1), (0, 1)]), longitude: ("E", east),
                expected: nil),
            Position(
                name: "60 minutes", latitude: ("N", [(48, 1), (60, 1), (0, 1)]), longitude: ("E", east), expected: nil),
            Position(name: "an unknown letter", latitude: ("X", paris), longitude: ("E", east), expected: nil),
            Position(
                name: "an altitude with a zero denominator", latitude: ("N", paris), longitude: ("E", east),
                altitude: (0, (35, 0)), expected: (48.8583703, 2.2944811), expectedAltitude: nil),
        ])
    func position(_ position: Position) throws {
        var exif = ExifFixture(littleEndian: position.name.hasPrefix("south"))
        exif.latitude = position.latitude
        exif.longitude = position.longitude
        exif.altitude = position.altitude
        let details = try #require(
            PhotoDetailsReader.exifBlock(in: exif.tiff).map { $0.withUnsafeBytes(PhotoDetailsReader.parse) })
        if let expected = position.expected {
            let location = try #require(details.location)
            #expect(abs(location.latitude - expected.latitude) < 1e-6)
            #expect(abs(location.longitude - expected.longitude) < 1e-6)
        } else {
            #expect(details.location == nil)
        }
        #expect(details.altitude.map { abs($0 - (position.expectedAltitude ?? .nan)) < 1e-9 } ?? true)
        #expect((details.altitude == nil) == (position.expectedAltitude == nil))
    }
}
