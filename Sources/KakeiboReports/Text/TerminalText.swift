import KakeiboDomain

/// Text made fit for a terminal, and the small formats every report shares.
public enum TerminalText {
    /// Stripped of control characters (newlines and tabs kept), so nothing stored in a ledger can move the
    /// cursor or retitle a window.
    public static func safe(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { !FreeText.isControl($0, allowing: ["\n", "\t"]) }))
    }

    /// "1 transaction", "2 transactions": a count with its noun, plural unless it is one.
    public static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    /// Basis points as a percentage with two decimals: 4500 → 45.00%.
    public static func percent(_ basisPoints: Int64) -> String {
        let magnitude = basisPoints.magnitude
        let cents = String(magnitude % 100)
        return (basisPoints < 0 ? "-" : "") + "\(magnitude / 100)." + (cents.count < 2 ? "0" : "") + cents + "%"
    }

    /// Milliseconds since the epoch as UTC ISO 8601 with milliseconds: `2026-11-02T09:30:00.000Z`.
    public static func timestamp(_ milliseconds: Int64) -> String {
        let date = LocalDate(unixMilliseconds: milliseconds, utcOffsetSeconds: 0)
        let dayMilliseconds = milliseconds - Int64(date.daysSinceEpoch) * 86_400_000
        let seconds = dayMilliseconds / 1000
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let millis = String(dayMilliseconds % 1000)
        return "\(date)T\(two(seconds / 3600)):\(two(seconds / 60 % 60)):\(two(seconds % 60)).\(String(repeating: "0", count: 3 - millis.count))\(millis)Z"
    }

    /// Money in JSON: a decimal string and a currency, never a float.
    public static func money(_ money: Money) -> JSONValue {
        ["amount": .string(money.decimalString), "currency": .string(money.currency.code)]
    }
}
