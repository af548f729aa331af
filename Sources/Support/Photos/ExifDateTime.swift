/// A date and time as EXIF writes them ("2024:06:01 14:03:22"): the camera's local time, without a zone.
public struct ExifDateTime: Hashable, Sendable, CustomStringConvertible {
    /// The year, month (1…12), day (1…31), hour (0…23), minute and second (0…60).
    public var year, month, day, hour, minute, second: Int

    /// Parses "YYYY:MM:DD HH:MM:SS" (dashes are taken for the date's colons too); nil for anything else, and for the
    /// blank or zero dates cameras write when their clock is not set.
    public init?(_ text: String) {
        let bytes = Array(text.utf8.prefix(19))
        guard bytes.count == 19 else { return nil }
        func field(_ start: Int, _ count: Int) -> Int? {
            var value = 0
            for byte in bytes[start..<start + count] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        let dateSeparators: Set<UInt8> = [UInt8(ascii: ":"), UInt8(ascii: "-")]
        guard dateSeparators.contains(bytes[4]), dateSeparators.contains(bytes[7]),
            bytes[10] == UInt8(ascii: " ")
                || bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            let year = field(0, 4), let month = field(5, 2), let day = field(8, 2), let hour = field(11, 2),
            let minute = field(14, 2), let second = field(17, 2),
            year > 0, (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second <= 60
        else { return nil }
        (self.year, self.month, self.day, self.hour, self.minute, self.second) = (
            year, month, day, hour, minute, second
        )
    }

    /// "2024-06-01 14:03:22".
    public var description: String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let year = String(repeating: "0", count: max(4 - String(year).count, 0)) + String(year)
        return "\(year)-\(two(month))-\(two(day)) \(two(hour)):\(two(minute)):\(two(second))"
    }

    /// Seconds from 1970-01-01 00:00:00 to this date and time on the same clock (no zone applied): what orders two
    /// dates, and, less the clock's offset from UTC, the moment.
    public var secondsSince1970: Int {
        // Days from the civil date (Howard Hinnant's algorithm), March-based years so leap days come last.
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return days * 86_400 + hour * 3600 + minute * 60 + second
    }
}
