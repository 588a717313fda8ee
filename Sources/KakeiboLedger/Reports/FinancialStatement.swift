import KakeiboDomain

/// An income statement (revenues, expenses) or a balance sheet (assets, liabilities, equity), in hledger's
/// signs: revenues, liabilities and equity shown positive when they are credits; subtotals per currency and a
/// final `net`: revenues − expenses, or assets − liabilities (net worth, as `hledger bs`).
public struct FinancialStatement: Hashable, Sendable {
    public enum Kind: Sendable { case incomeStatement, balanceSheet }

    public struct Total: Hashable, Sendable {
        public var currency: Currency
        public var amounts: [Money]
    }

    public struct Section: Hashable, Sendable {
        public var title: String
        public var rows: [PeriodBalanceReport.Row]
        public var totals: [Total]
    }

    public var periods: [String]
    /// Each column's first and last day, as the period report gives them (empty without columns).
    public var spans: [PeriodBalanceReport.Span]
    public var sections: [Section]
    public var net: [Total]

    public init(kind: Kind, report: PeriodBalanceReport) throws {
        periods = report.periods
        spans = report.spans
        var layout: [(String, AccountType, Bool)] = kind == .incomeStatement
            ? [("Revenues", .income, true), ("Expenses", .expense, false)]
            : [("Assets", .asset, false), ("Liabilities", .liability, true), ("Equity", .equity, true)]
        // Accounts a journal import could not type: their own section in both statements, in
        // neither net, until `account retype` places them. Absent when there are none.
        if report.rows.contains(where: { $0.type == .unclassified }) { layout.append(("Unclassified", .unclassified, false)) }
        var netSums: [Currency: [WideSum]] = [:]
        sections = try layout.map { title, type, flip in
            var sums: [Currency: [WideSum]] = [:]
            let rows = try report.rows.filter { $0.type == type }.map { row in
                var row = row
                row.amounts = try row.amounts.map { flip ? try $0.negated() : $0 }
                for (i, amount) in row.amounts.enumerated() {
                    sums[row.currency, default: Array(repeating: WideSum(), count: report.periods.count)][i].add(amount.minorUnits)
                    // Net, on the shown signs: revenues − expenses, or assets − liabilities (equity left out).
                    let counts = type != .equity && type != .unclassified
                    let sign: Int64 = type == .expense || type == .liability ? -1 : 1
                    if counts { netSums[row.currency, default: Array(repeating: WideSum(), count: report.periods.count)][i].add(sign * amount.minorUnits) }
                }
                return row
            }
            return Section(title: title, rows: rows, totals: try Self.totals(sums))
        }
        net = try Self.totals(netSums)
    }

    static func totals(_ sums: [Currency: [WideSum]]) throws -> [Total] {
        try sums.sorted { $0.key < $1.key }.map { currency, sums in
            Total(currency: currency, amounts: try sums.map { sum in
                guard let value = sum.value else { throw LedgerError.money(.overflow) }
                return Money(minorUnits: value, currency: currency)
            })
        }
    }
}
