import GRDB
import KakeiboDomain
import KakeiboProjections

extension WidgetSnapshotBuilder {
    /// Per expense category: the rest of this month and the next, a point and an 80 % interval.
    func forecast(_ currency: Currency) throws -> ForecastWidget {
        let report = try Ledger.spendForecasts(db, asOf: asOf)
        return ForecastWidget(currency: currency.code, forecasts: report.forecasts.map { line in
            let f = line.forecast
            func money(_ minorUnits: Int64) -> String { amount(minorUnits, f.currency) }
            func estimate(_ e: SpendForecast.Estimate) -> ForecastWidget.Estimate { .init(point: money(e.point), low: money(e.low), high: money(e.high)) }
            return ForecastWidget.Forecast(
                account: line.category.name.rawValue,
                name: line.category.category?.displayName ?? line.category.name.components.last.map(String.init) ?? "",
                currency: f.currency.code, period: f.period.description, spentSoFar: money(f.spentSoFar),
                restOfPeriod: estimate(f.restOfPeriod), nextPeriod: estimate(f.nextPeriod), monthsOfHistory: f.monthsOfHistory,
                recurring: f.recurring.map { r in
                    .init(payee: r.payee, amount: money(r.amount), intervalDays: r.intervalDays, expected: r.expected.map(\.description))
                })
        }, note: "per expense category: the rest of this month and the next, a point and an 80 % interval")
    }
}
