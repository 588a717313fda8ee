import KakeiboDomain

/// `kakeibo gains -p 2026`: realised gains and losses per lot taken by a sale (issue 36).
public struct GainsReport: Hashable, Sendable {
    public struct Row: Hashable, Sendable {
        public var transactionID: String
        public var account: AccountName
        public var lotID: String
        public var label: String?
        public var acquiredOn: LocalDate
        public var disposedOn: LocalDate
        /// Days from acquisition to disposal.
        public var holdingDays: Int
        public var units: Money
        public var basis: Money
        /// `basis + gain`: what the units fetched.
        public var proceeds: Money
        public var gain: Money

        /// More than a year held: "long", else "short" (the split most tax rules make).
        public var term: String { holdingDays > 365 ? "long" : "short" }
    }

    public var begin: LocalDate?
    public var end: LocalDate?
    public var rows: [Row]

    /// The realised total per cost commodity, in commodity order.
    public var totals: [Money] {
        var sums: [Commodity: Int64] = [:]
        for row in rows { sums[row.gain.currency, default: 0] += row.gain.minorUnits }
        return sums.sorted { $0.key < $1.key }.map { Money(minorUnits: $0.value, currency: $0.key) }
    }
}
