/// Ledger-wide settings, fixed when the ledger is created.
public struct LedgerSettings: Hashable, Sendable {
    public var name: String
    public var baseCurrency: Currency
    public var timeZone: String

    public init(name: String, baseCurrency: Currency, timeZone: String) {
        self.name = name
        self.baseCurrency = baseCurrency
        self.timeZone = timeZone
    }
}
