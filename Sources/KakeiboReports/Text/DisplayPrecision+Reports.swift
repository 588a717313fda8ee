import KakeiboDomain
import KakeiboLedger
import KakeiboProjections

// Reports at display precision (issue 36). Every sum, roll-up and running balance is taken on the
// exact stored amounts first; only then is each shown figure rounded, as hledger rounds each
// amount it prints (`$0.125 + $0.135 − $0.115 + $1.005` runs to `$1.15`, not to the sum of the
// rounded `$0.12 + $0.14 − $0.12 + $1.00`). Table reports use these. CSV and JSON keep every
// stored digit (hledger's `-O json` does too): they are read by programs, which need the exact figure.

extension DisplayPrecision {
    public func shown(_ report: BalanceReport) -> BalanceReport {
        guard !digits.isEmpty else { return report }
        var report = report
        report.accounts = report.accounts.map { var balance = $0; balance.amount = shown(balance.amount); return balance }
        report.lines = report.lines.map { line in
            var line = line
            line.own = line.own.map(shown)
            line.total = shown(line.total)
            line.currency = line.total.currency
            return line
        }
        report.totals = report.totals.map(shown)
        return report
    }

    public func shown(_ report: RegisterReport) -> RegisterReport {
        guard !digits.isEmpty else { return report }
        var report = report
        report.entries = report.entries.map { entry in
            var entry = entry
            entry.posted.amount = shown(entry.posted.amount)
            entry.runningBalance = shown(entry.runningBalance)
            return entry
        }
        return report
    }

    public func shown(_ report: PeriodBalanceReport) -> PeriodBalanceReport {
        guard !digits.isEmpty else { return report }
        var report = report
        report.rows = report.rows.map(shown)
        return report
    }

    public func shown(_ statement: FinancialStatement) -> FinancialStatement {
        guard !digits.isEmpty else { return statement }
        var statement = statement
        statement.sections = statement.sections.map { section in
            var section = section
            section.rows = section.rows.map(shown)
            section.totals = section.totals.map(shown)
            return section
        }
        statement.net = statement.net.map(shown)
        return statement
    }

    func shown(_ row: PeriodBalanceReport.Row) -> PeriodBalanceReport.Row {
        var row = row
        row.amounts = row.amounts.map(shown)
        row.currency = row.amounts.first?.currency ?? row.currency
        return row
    }

    func shown(_ total: FinancialStatement.Total) -> FinancialStatement.Total {
        var total = total
        total.amounts = total.amounts.map(shown)
        total.currency = total.amounts.first?.currency ?? total.currency
        return total
    }
}
