import KakeiboDomain
import KakeiboProjections

extension BudgetReport {
    /// The table's first line: which period, and its dates.
    public var heading: String { "budgets \(period) (\(period.start) to \(period.end))" }

    /// `budget report` in the form asked for. The table has the heading, a row per category (indented by depth),
    /// a total per currency and the foreign spending notes; with no lines the CLI prints the heading and its hint.
    public func text(_ format: ReportFormat) -> String {
        switch format {
        case .json:
            return json.prettyString()
        case .csv:
            return CSVWriter.render(
                header: ["period", "category", "currency", "budgeted", "carried_in", "spent", "available", "carry_out",
                         "spend_ratio", "band", "has_budget"],
                rows: lines.map { line in
                    let f = line.total
                    return [period.description, line.account.rawValue, f.currency.code, f.money(f.budgeted).decimalString,
                            f.money(f.carriedIn).decimalString, f.money(f.spent).decimalString,
                            f.money(f.available).decimalString, f.money(f.carryOut).decimalString,
                            f.spendRatioBasisPoints.map(BasisPoints.decimalString) ?? "", String(f.band),
                            line.own == nil ? "false" : "true"]
                })
        case .table:
            var table = TextTable([("category", .left), ("budgeted", .right), ("carried in", .right), ("spent", .right),
                                   ("available", .right), ("used", .right), ("band", .right)])
            func row(_ label: String, _ f: BudgetFigures) -> [String] {
                [label, f.money(f.budgeted).decimalString, f.money(f.carriedIn).decimalString, f.money(f.spent).decimalString,
                 f.money(f.available).decimalString, f.spendRatioBasisPoints.map(TerminalText.percent) ?? "-", String(f.band)]
            }
            for line in lines {
                let leaf = line.account.components.last.map(String.init) ?? line.account.rawValue
                table.add(row(String(repeating: "  ", count: line.depth) + leaf + (line.isArchived ? " (archived)" : ""), line.total))
            }
            for total in totals {
                table.add(row("total \(total.figures.currency.code)", total.figures))
                if total.otherLengthSpent != 0 {
                    let other = period.length == .monthly ? "weekly" : "monthly"
                    table.add(["budgeted \(other)", "", "", total.figures.money(total.otherLengthSpent).decimalString, "", "", ""])
                }
                if total.unbudgetedSpent != 0 {
                    table.add(["unbudgeted", "", "", total.figures.money(total.unbudgetedSpent).decimalString, "", "", ""])
                }
            }
            let foreign = foreignSpending.map { spend in
                // Foreign spending: at its cost, at the P price of its date (estimated), or not counted.
                let counted = spend.counted.map { "counted as \($0)" } ?? "not counted: no price on or before its date"
                return TerminalText.safe("\(spend.basis.rawValue): \(spend.date) \(spend.account) \(spend.original), \(counted)")
            }
            return ([heading, table.render()] + foreign).joined(separator: "\n")
        }
    }
}
