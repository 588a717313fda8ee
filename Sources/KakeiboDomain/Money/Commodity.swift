/// Older code (and most of the ledger) says "currency": every currency is a commodity, and the
/// name stays so that shipped APIs and payload field names keep meaning what they meant.
public typealias Currency = Commodity

/// What an amount is counted in: an ISO 4217 currency (`USD`, from its table) or any other
/// symbol (`BTC`, `VTI`) whose precision a `CommodityDeclared` event or its first use gave.
/// It carries its minor digits so amounts can be stored as exact Int64 minor units.
public struct Commodity: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Three uppercase ASCII letters for a currency ("USD"); 1 to 16 letters, digits, "_" or "."
    /// starting with a letter for other commodities ("BTC").
    public let code: String
    /// Decimal places of the minor unit: 0...3 for ISO currencies, up to `maximumDigits` otherwise.
    public let minorDigits: Int

    /// Int64 minor units with 12 decimals still hold ±9,223,372 whole units: enough for a
    /// satoshi-precise wallet (8) with room, and past that a household has no use.
    public static let maximumDigits = 12

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
        precondition((0...Self.maximumDigits).contains(minorDigits), "minorDigits must be 0...\(Self.maximumDigits)")
        self.code = uncheckedCode
        self.minorDigits = minorDigits
    }

    public static let usd = Commodity(uncheckedCode: "USD", minorDigits: 2)
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
            (2, "GEL TRY HUF RON ILS AED SAR QAR EGP MAD KES NGN ARS COP PEN UAH RSD BGN"),
            (0, "JPY KRW VND CLP ISK"),
            (3, "KWD BHD OMR JOD TND"),
        ]
        var table: [String: Int] = [:]
        for (digits, codes) in groups {
            for code in codes.split(separator: " ") { table[String(code)] = digits }
        }
        return table
    }()

    /// A commodity that is not an ISO currency, with the precision its declaration or first use
    /// gave. An ISO code keeps its table's precision whatever is asked: `$` is USD with 2 decimals.
    public init(symbol: String, minorDigits: Int) throws(MoneyError) {
        if symbol.isEmpty, (0...Self.maximumDigits).contains(minorDigits) { self.init(uncheckedCode: "", minorDigits: minorDigits); return }
        if let iso = try? Commodity(code: symbol), symbol.utf8.count == 3, symbol == iso.code { self = iso; return }
        guard Self.isValidSymbol(symbol) else { throw .unknownCurrency(symbol) }
        guard (0...Self.maximumDigits).contains(minorDigits) else {
            throw .invalidAmount(symbol, reason: "a commodity has 0 to \(Self.maximumDigits) decimals, not \(minorDigits)")
        }
        self.init(uncheckedCode: symbol, minorDigits: minorDigits)
    }

    /// hledger's commodity with an empty symbol: amounts written as a bare number (`20`,
    /// `-722.40`). It is a commodity of its own, never the ledger's currency in disguise; its
    /// precision is the most decimals its amounts are written with in the journal.
    public static func bare(minorDigits: Int) -> Commodity { Commodity(uncheckedCode: "", minorDigits: minorDigits) }

    /// Whether this is the empty-symbol commodity.
    public var isBare: Bool { code.isEmpty }

    /// Letters, digits, "_" and ".", starting with a letter: what hledger writes unquoted and
    /// what a payload, a CSV cell and a beancount currency can all carry as they are.
    public static func isValidSymbol(_ symbol: String) -> Bool {
        let bytes = Array(symbol.utf8)
        guard (1...16).contains(bytes.count), let first = bytes.first, isLetter(first) else { return false }
        return bytes.allSatisfy { isLetter($0) || (0x30...0x39).contains($0) || $0 == 0x5F || $0 == 0x2E }
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }

    /// Whether this is a currency of the ISO table at its table precision: its payloads need no
    /// `digits` field, so every event written before commodities existed keeps its bytes.
    public var isISO: Bool { Self.knownMinorDigits[code] == minorDigits }

    /// Ordered by code; minor digits only break ties between unchecked variants, keeping < consistent with ==.
    public static func < (lhs: Commodity, rhs: Commodity) -> Bool {
        (lhs.code, lhs.minorDigits) < (rhs.code, rhs.minorDigits)
    }

    public var description: String { code }
}
