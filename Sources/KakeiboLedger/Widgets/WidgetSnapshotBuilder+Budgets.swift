import GRDB
import KakeiboDomain
import KakeiboProjections

extension WidgetSnapshotBuilder {
    /// This month's and this week's budgets, counting spending up to the as-of date.
    func budgets(_ currency: Currency) throws -> BudgetsWidget {
        func summary(_ period: PlanPeriod) throws -> BudgetsWidget.Period {
            let report = try Ledger.budgetCalculator(db, through: period, asOf: asOf).report(for: period)
            let total = report.totals.first { $0.figures.currency == currency }?.figures ?? BudgetFigures(currency: currency)
            return .init(period: period.description, start: period.start.description, end: period.end.description,
                         total: figures(total), categories: report.lines.map { line in
                .init(account: line.account.rawValue,
                      name: line.displayName ?? line.account.components.last.map(String.init) ?? line.account.rawValue,
                      hue: line.hue ?? Category.defaultHue(for: line.account.rawValue), icon: line.icon ?? "tag",
                      depth: line.depth, hasBudget: line.own != nil, figures: figures(line.total))
            })
        }
        return BudgetsWidget(currency: currency.code, month: try summary(month), week: try summary(week))
    }

    /// A budget line's figures as every document writes them.
    func figures(_ f: BudgetFigures) -> BudgetsWidget.Figures {
        let ratio = ratio(f.spent, f.funds > 0 ? f.funds : nil)
        return .init(currency: f.currency.code, budgeted: amount(f.budgeted, f.currency), carriedIn: amount(f.carriedIn, f.currency),
                     spent: amount(f.spent, f.currency), available: amount(f.available, f.currency),
                     spendRatio: ratio.text, spendRatioBasisPoints: ratio.basisPoints, band: f.band)
    }
}
