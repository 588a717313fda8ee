/// An ISO 4217 currency; carries its minor digits so amounts can be stored as exact integers.
public struct Currency: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Three uppercase ASCII letters, e.g. "USD".
    public let code: String
    /// Decimal places of the minor unit, 0...3.
    public let minorDigits: Int

    /// Looks the code up in the known table; lowercase is accepted so user input need not be normalised first.
    public init(code: String) throws(MoneyError) {
        let bytes = Array(code.utf8)
        guard bytes.count == 3, bytes.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else {
            throw .unknownCurrency(code)
        }
        let upper = String(decoding: bytes.map { $0 >= 0x61 ? $0 - 0x20 : $0 }, as: UTF8.self)
        guard let digits = Self.knownMinorDigits[upper] else { throw .unknownCurrency(code) }
        self.init(uncheckedCode: upper, minorDigits: digits)
    }

    /// Skips the table, for decoding trusted data and tests; the code is taken verbatim.
    public init(uncheckedCode: String, minorDigits: Int) {
        precondition((0...3).contains(minorDigits), "minorDigits must be 0...3")
        self.code = uncheckedCode
        self.minorDigits = minorDigits
    }

    public static let usd = Currency(uncheckedCode: "USD", minorDigits: 2)
    public static let eur = Currency(uncheckedCode: "EUR", minorDigits: 2)
    public static let gbp = Currency(uncheckedCode: "GBP", minorDigits: 2)
    public static let chf = Currency(uncheckedCode: "CHF", minorDigits: 2)
    public static let myr = Currency(uncheckedCode: "MYR", minorDigits: 2)
    public static let sgd = Currency(uncheckedCode: "SGD", minorDigits: 2)
    public static let jpy = Currency(uncheckedCode: "JPY", minorDigits: 0)
    public static let krw = Currency(uncheckedCode: "KRW", minorDigits: 0)
    public static let kwd = Currency(uncheckedCode: "KWD", minorDigits: 3)

    /// Currencies this ledger knows, by minor digits.
    static let knownMinorDigits: [String: Int] = {
        let groups: [(Int, String)] = [
            (2, "USD EUR GBP CAD AUD NZD CHF MYR SGD HKD CNY INR SEK NOK DKK PLN CZK MXN BRL ZAR THB PHP IDR TWD"),
            (0, "JPY KRW VND CLP ISK"),
            (3, "KWD BHD OMR JOD TND"),
        ]
        var table: [String: Int] = [:]
        for (digits, codes) in groups {
            for code in codes.split(separator: " ") { table[String(code)] = digits }
        }
        return table
    }()

    /// Ordered by code; minor digits only break ties between unchecked variants, keeping < consistent with ==.
    public static func < (lhs: Currency, rhs: Currency) -> Bool {
        (lhs.code, lhs.minorDigits) < (rhs.code, rhs.minorDigits)
    }

    public var description: String { code }
}
