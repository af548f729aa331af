import GalleryCore
import Support
import Testing

@Suite("Decimal text")
struct DecimalTextTests {
    @Test(
        "fixed decimals: rounding half away from zero, no exponent, no negative zero",
        arguments: [
            (0.0, 6, "0.000000"),
            (-0.0, 6, "0.000000"),
            (-0.0000004, 6, "0.000000"),
            (-0.0000006, 6, "-0.000001"),
            (1.0 / 60.0, 6, "0.016667"),
            (0.0001, 6, "0.000100"),
            (1e-7, 6, "0.000000"),
            (2.5, 0, "3"),
            (-2.5, 0, "-3"),
            (0.9999996, 6, "1.000000"),
            (-12.3456, 3, "-12.346"),
            (1637.13, 3, "1637.130"),
            (11_059_200, 0, "11059200"),
            (1e16, 3, "10000000000000000.000"),
            (1e20, 0, "100000000000000000000"),
            (
                -1.7976931348623157e308, 0,
                "-179769313486231570814527423731704356798070567525844996598917476803157260780028538760589558632766878171540458953514382464234321326889464182768467546703537516986049910576551282076245490090389328944075868508455133942304583236903222948165808559332123348274797826204144723168738177180919299881250404026184124858368"
            ),
        ])
    func fixed(value: Double, places: Int, expected: String) {
        #expect(DecimalText.fixed(value, places: places) == expected)
    }

    @Test(
        "trimmed decimals drop trailing zeros",
        arguments: [
            (0.05, "0.05"), (640.0, "640"), (-1.0, "-1"), (0.1 + 0.2, "0.3"), (-0.0, "0"), (123.456789, "123.456789"),
        ])
    func trimmed(value: Double, expected: String) {
        #expect(DecimalText.trimmed(value, maximumPlaces: 6) == expected)
    }

    @Test(
        "six-decimal text parses back to a double that prints the same",
        arguments: [
            0.016667, 12345.678901, 0.000001, 9.999999, 3600.5, 1e9 + 0.123456,
        ])
    func sixDecimalsRoundTrip(value: Double) throws {
        let text = DecimalText.fixed(value, places: 6)
        let reparsed = try #require(Double(text))
        #expect(DecimalText.fixed(reparsed, places: 6) == text)
    }
}
