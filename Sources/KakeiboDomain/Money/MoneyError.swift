/// Why a money value could not be built; each description tells the user how to fix it.
public enum MoneyError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The text as typed, and why it is not an amount.
    case invalidAmount(String, reason: String)
    /// More significant decimals than the currency has minor digits.
    case tooManyDecimals(String, currency: String, allowed: Int)
    /// The result does not fit in Int64 minor units.
    case overflow
    /// Two different currencies were combined.
    case currencyMismatch(String, String)
    /// Not a code in the known ISO 4217 table.
    case unknownCurrency(String)

    public var description: String {
        switch self {
        case let .invalidAmount(text, reason):
            // A reason that already says what to write (`10.000`: "write 10.00 or 10000") needs no second advice.
            return "invalid amount \"\(text)\": \(reason)" + (reason.contains("; write ") ? "" : "; write amounts like 12.50, -3 or 1,234.56")
        case let .tooManyDecimals(text, currency, allowed):
            // Count the decimals typed, so the message matches what the user sees.
            let typed = text.drop { $0 != "." }.dropFirst().prefix { $0.isASCII && $0.isNumber }.count
            return "amount \"\(text)\" has \(typed) \(typed == 1 ? "decimal" : "decimals") but \(currency) allows \(allowed)"
        case .overflow:
            return "amount is too large (beyond ±9223372036854775807 minor units, i.e. ±92233720368547758.07 for a 2-decimal currency)"
        case let .currencyMismatch(a, b):
            return "currency mismatch: \(a) and \(b) cannot be combined; convert first"
        case let .unknownCurrency(code):
            return "unknown currency \"\(code)\": use an ISO 4217 code such as USD, EUR, JPY"
        }
    }
}
