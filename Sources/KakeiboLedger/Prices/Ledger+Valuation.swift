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
