import GRDB
import KakeiboDomain
import KakeiboProjections

extension Ledger {
    /// Balances valued in `commodity` at the prices on or before the scope's date (default today):
    /// read-side only, so a price recorded later re-values past reports and nothing is logged.
    public func valuation(in commodity: Commodity, _ scope: ReportScope = ReportScope()) throws -> Valuation {
        let date = try scope.asOf ?? today()
        let report = try balances(scope)
        do {
            return try Valuation(balances: report.accounts.map { ($0.account, $0.type, $0.amount) }, in: commodity, on: date,
                                 prices: PriceTable(prices()))
        } catch let error as MoneyError {
            throw LedgerError.money(error)
        }
    }

    /// Every live posting valued at the price of its own date (hledger's `--value=then`), summed
    /// per account; amounts no price reached by their date stay in their own commodity.
    public func valuationThen(in commodity: Commodity, _ scope: ReportScope = ReportScope()) throws -> Valuation {
        let date = try scope.asOf ?? today()
        return try withProjection(at: scope.atPosition) { db in
            var sql = """
                SELECT a.name, a.type, p.currency, p.amount, t.date
                FROM postings p JOIN transactions t USING (txn_id) JOIN accounts a USING (account_id)
                WHERE t.is_voided = 0
                """
            var arguments: StatementArguments = []
            if let asOf = scope.asOf {
                sql += " AND t.date <= ?"
                arguments += [asOf.description]
            }
            sql += " ORDER BY a.name, t.date, t.first_position, p.line"
            let postings = try Row.fetchAll(db, sql: sql, arguments: arguments).map { row in
                guard let type = AccountType(rawValue: row[1]) else {
                    throw LedgerError.malformedEvent(type: "account", reason: "unknown account type in projection")
                }
                return (account: try AccountName(row[0]), type: type,
                        amount: Money(minorUnits: try row.minorUnits(atIndex: 3, table: "postings"), currency: try db.commodityForCode(row[2])),
                        date: try LocalDate(iso: row[4]))
            }
            do {
                return try Valuation(dated: postings, in: commodity, reportDate: date, prices: PriceTable(db.marketPrices()))
            } catch let error as MoneyError {
                throw LedgerError.money(error)
            }
        }
    }

    /// `USD`, `usd`, `$` (`€ £ ¥` too) or a commodity this ledger declared (`BTC`).
    public func commodityArgument(_ text: String) throws -> Commodity {
        let symbols: [String: Commodity] = ["$": .usd, "€": .eur, "£": .gbp, "¥": .jpy]
        if let symbol = symbols[text] { return symbol }
        if let iso = try? Currency(code: text) { return iso }
        if let declared = try commodity(symbol: text) { return declared }
        throw LedgerError.invalidCommodity(text, reason: "it is neither an ISO 4217 code nor a commodity this ledger declared "
                                           + "(import a journal with `commodity \(text) 1.00000000` to declare one)")
    }
}
