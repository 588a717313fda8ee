import ArgumentParser
import KakeiboLedger
import KakeiboReports

extension StatementOptions {
    /// `incomestatement`/`balancesheet` with hledger's `--value`/`-X`/`-V` and `--date2` (N15, issue 36): the same
    /// statement, its cells valued at each column's last day, or its transactions dated by their secondary date.
    /// `historical`: balances count everything before each column (a balance sheet), not only the column's postings.
    func print(_ kind: FinancialStatement.Kind, historical: Bool, valuation: ValuationOptions, date2: Bool) throws {
        let ledger = try global.openLedger()
        var query = try period.query(words: query, today: try ledger.today())
        query.secondaryDates = date2
        let report: PeriodBalanceReport
        if let (commodity, then) = try valuation.target(ledger) {
            guard !then else { throw ValidationError("--value then,… is for balance; value a statement with --value \(commodity.code)") }
            report = try ledger.valuedPeriodBalances(query, interval: columns.interval, depth: columns.depth, historical: historical,
                                                     in: commodity, scope.scope)
        } else {
            report = try ledger.periodBalances(query, interval: columns.interval, depth: columns.depth, historical: historical, scope.scope)
        }
        // The table shows each commodity at its display precision; CSV and JSON keep every stored digit (issue 36).
        let shown = output.format == .table ? try ledger.displayPrecision() : .stored
        Printer.statement(shown.shown(try FinancialStatement(kind: kind, report: report)), format: output.format)
    }
}
