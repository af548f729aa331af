/// What a photo's file and its EXIF data say about it: the information panel's details (I), as eog's properties and
/// Loupe's panel show them. Every field is optional: a PNG without EXIF has only its file size.
public struct PhotoDetails: Equatable, Sendable {
    /// The file's size in bytes.
    public var fileBytes: Int?
    /// When the photo was taken, as EXIF's DateTimeOriginal states it ("2024:06:01 14:03:22", local time).
    public var taken: String?
    /// The camera's maker (EXIF Make).
    public var make: String?
    /// The camera's model (EXIF Model).
    public var model: String?
    /// The lens (EXIF LensModel).
    public var lens: String?
    /// The exposure time in seconds (EXIF ExposureTime).
    public var exposureSeconds: Double?
    /// The aperture's f-number (EXIF FNumber).
    public var fNumber: Double?
    /// The sensitivity (EXIF ISOSpeedRatings).
    public var iso: Int?
    /// The focal length in millimetres (EXIF FocalLength).
    public var focalLength: Double?
    /// Where it was taken, in degrees: north and east positive (EXIF GPS).
    public var location: (latitude: Double, longitude: Double)? {
        get { latitude.flatMap { latitude in longitude.map { (latitude, $0) } } }
        set {
            latitude = newValue?.latitude
            longitude = newValue?.longitude
        }
    }
    private var latitude: Double?
    private var longitude: Double?
    /// Metres above sea level (negative: below), when the GPS position states it (EXIF GPSAltitude).
    public var altitude: Double?

    /// The position as a `geo:` URI (RFC 5870: latitude, longitude, and the altitude when known; five decimals, about a
    /// metre), which Ctrl+O opens while the panel shows it; nil without a position.
    public var geoURI: String? {
        guard let location else { return nil }
        let parts =
            [location.latitude, location.longitude].map { Self.number($0, decimals: 5) }
            + (altitude.map { [Self.number($0, decimals: 1)] } ?? [])
        return "geo:" + parts.joined(separator: ",")
    }

    /// Details with the fields given.
    public init(
        fileBytes: Int? = nil, taken: String? = nil, make: String? = nil, model: String? = nil, lens: String? = nil,
        exposureSeconds: Double? = nil, fNumber: Double? = nil, iso: Int? = nil, focalLength: Double? = nil,
        location: (latitude: Double, longitude: Double)? = nil, altitude: Double? = nil
    ) {
        self.fileBytes = fileBytes
        self.taken = taken
        self.make = make
        self.model = model
        self.lens = lens
        self.exposureSeconds = exposureSeconds
        self.fNumber = fNumber
        self.iso = iso
        self.focalLength = focalLength
        self.location = location
        self.altitude = altitude
    }

    /// The panel's lines, labels padded to the panel's column ("taken     2024-06-01 14:03:22"); a field not known
    /// leaves its line out.
    public var panelLines: [String] {
        var lines: [String] = []
        if let taken = taken.flatMap(Self.takenText) { lines.append("taken     \(taken)") }
        if let camera = Self.camera(make: make, model: model) { lines.append("camera    \(camera)") }
        if let lens = Self.trimmed(lens) { lines.append("lens      \(lens)") }
        if let exposure = exposureText { lines.append("exposure  \(exposure)") }
        if let location {
            let height = altitude.map { ", \(Self.number($0, decimals: 0)) m" } ?? ""
            lines.append("GPS       \(Self.locationText(location))\(height)")
            lines.append("map       Ctrl+O opens it")
        }
        if let fileBytes { lines.append("file size \(Self.byteText(fileBytes))") }
        return lines
    }

    /// "1/250 s · f/2.8 · ISO 200 · 35 mm", with only the parts known; nil when none is.
    public var exposureText: String? {
        let parts = [
            exposureSeconds.flatMap(Self.exposureTimeText), fNumber.map { "f/\(Self.number($0, decimals: 1))" },
            iso.map { "ISO \($0)" }, focalLength.map { "\(Self.number($0, decimals: 1)) mm" },
        ]
        .compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    /// A shutter time as cameras print it: "1/250 s" below a quarter second, else "0.5 s", "2 s", "1.3 s".
    static func exposureTimeText(_ seconds: Double) -> String? {
        guard seconds > 0, seconds.isFinite else { return nil }
        if seconds < 0.25 { return "1/\(Int((1 / seconds).rounded())) s" }
        return "\(number(seconds, decimals: 1)) s"
    }

    /// "51.50072° N, 0.12460° W": five decimals, about a metre.
    static func locationText(_ location: (latitude: Double, longitude: Double)) -> String {
        let latitude = number(abs(location.latitude), decimals: 5, keepingZeros: true)
        let longitude = number(abs(location.longitude), decimals: 5, keepingZeros: true)
        return "\(latitude)° \(location.latitude < 0 ? "S" : "N"), \(longitude)° \(location.longitude < 0 ? "W" : "E")"
    }

    /// "2024-06-01 14:03:22" from EXIF's "2024:06:01 14:03:22"; another form as it is; nil for a blank or zero date
    /// ("    :  :     :  :  ", "0000:00:00 00:00:00").
    static func takenText(_ taken: String) -> String? {
        if let date = ExifDateTime(taken) { return date.description }
        return taken.contains(where: { ("1"..."9").contains($0) }) ? trimmed(taken) : nil
    }

    /// "Canon EOS R5" from "Canon" and "Canon EOS R5"; the maker is left out when the model already starts with its
    /// first word ("NIKON CORPORATION", "NIKON D750").
    static func camera(make: String?, model: String?) -> String? {
        let make = trimmed(make), model = trimmed(model)
        guard let model else { return make }
        guard let make, let brand = make.split(separator: " ").first else { return model }
        return model.lowercased().hasPrefix(brand.lowercased()) ? model : "\(make) \(model)"
    }

    /// "812 bytes", "45.2 kB", "2.4 MB", "1.1 GB" (powers of 1000, as GNOME's files and viewers say).
    static func byteText(_ bytes: Int) -> String {
        guard bytes >= 1000 else { return bytes == 1 ? "1 byte" : "\(bytes) bytes" }
        let units = ["kB", "MB", "GB", "TB"]
        var value = Double(bytes) / 1000
        var unit = 0
        while value >= 999.95, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        return "\(number(value, decimals: 1, keepingZeros: true)) \(units[unit])"
    }

    /// `value` with at most `decimals` decimals ("2.8", "11", "35"); all of them if `keepingZeros` ("0.1250").
    static func number(_ value: Double, decimals: Int, keepingZeros: Bool = false) -> String {
        var scale = 1
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int((value * Double(scale)).rounded())
        var fraction = String(abs(scaled) % scale)
        fraction = String(repeating: "0", count: max(decimals - fraction.count, 0)) + fraction
        if !keepingZeros { while fraction.last == "0" { fraction.removeLast() } }
        let whole = "\(scaled < 0 ? "-" : "")\(abs(scaled) / scale)"
        return fraction.isEmpty ? whole : "\(whole).\(fraction)"
    }

    /// `text` without surrounding spaces and NULs; nil when nothing is left.
    static func trimmed(_ text: String?) -> String? {
        guard let text else { return nil }
        let kept = text.drop { $0 == " " || $0 == "\0" }.reversed().drop { $0 == " " || $0 == "\0" }.reversed()
        return kept.isEmpty ? nil : String(kept)
    }
}
