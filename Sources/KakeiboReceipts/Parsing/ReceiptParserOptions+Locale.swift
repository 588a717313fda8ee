extension ReceiptParserOptions {
    /// How a locale (`en_US`, `en-GB`, `de_DE`) reads dates like 03/04: month first in the United States and the few
    /// places that follow it (the Philippines, Micronesia, Palau, the Marshall Islands), day first everywhere else.
    /// For `dayFirst` when the user names a locale instead of leaving it to the currency.
    public static func isMonthFirst(locale: String) -> Bool {
        let region = locale.split(whereSeparator: { $0 == "-" || $0 == "_" }).dropFirst().first?.prefix(2).uppercased()
        return ["US", "PH", "FM", "PW", "MH"].contains(region ?? "")
    }
}
