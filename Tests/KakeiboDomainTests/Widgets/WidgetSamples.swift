import KakeiboDomain

/// One fully populated value per widget document (every optional set, every array non-empty), so
/// encoding it reaches every key its type can write; and a way to round-trip a document of each kind.
/// Adding a document: add its sample here (WidgetSchemaTests fails for a schema without one).
enum WidgetSamples {
    struct Codec: Sendable {
        /// Decodes a document of this kind into its type and encodes it again.
        var roundTrip: @Sendable (JSONValue) throws -> JSONValue
        /// The sample as a whole document, header included.
        var sample: @Sendable () throws -> JSONValue
    }

    static func codec<Body: WidgetBody>(_ sample: Body) -> (String, Codec) {
        (Body.kind, Codec(
            roundTrip: { try JSONValueEncoder().encode(try JSONValueDecoder().decode(WidgetFile<Body>.self, from: $0)) },
            sample: {
                try JSONValueEncoder().encode(WidgetFile(schemaVersion: 1, asOf: "2026-11-21", logPosition: 38,
                                                         contentHash: String(repeating: "0123456789abcdef", count: 4), body: sample))
            }))
    }

    static let codecs: [String: Codec] = Dictionary(uniqueKeysWithValues: [
        codec(index), codec(budgets), codec(expenses), codec(income), codec(accounts), codec(transfers), codec(forecast), codec(trend),
        codec(holdings),
    ])

    /// The index lists the seven other documents at least.
    static let index = IndexWidget(documents: ["income", "budgets", "expenses", "transfers", "accounts", "forecast", "trend"].map { kind in
        .init(file: "\(kind).json", kind: kind, schema: "widgets/\(kind).schema.json", contentHash: String(repeating: "ab", count: 32))
    })

    static let figures = BudgetsWidget.Figures(currency: "USD", budgeted: "120.00", carriedIn: "-27.90", spent: "44.00", available: "48.10",
                                               spendRatio: "0.4778", spendRatioBasisPoints: 4778, band: 1)
    static let budgets = BudgetsWidget(
        currency: "USD",
        month: .init(period: "2026-11", start: "2026-11-01", end: "2026-11-30", total: figures,
                     categories: [.init(account: "expenses:dining", name: "Dining", hue: 259, icon: "fork.knife", depth: 0, hasBudget: true, figures: figures)]),
        week: .init(period: "2026-W47", start: "2026-11-16", end: "2026-11-22", total: figures,
                    categories: [.init(account: "expenses:food:cafe", name: "Cafe", hue: 30, icon: "cup.and.saucer", depth: 1, hasBudget: true,
                                       figures: figures)]))

    static let expenses = ExpensesWidget(
        currency: "USD", month: .init(period: "2026-11", start: "2026-11-01", end: "2026-11-30"), total: "1554.35",
        categories: [.init(account: "expenses:rent", name: "Rent", hue: 210, icon: "house", amount: "1450.00", share: "0.9329", shareBasisPoints: 9329)],
        foreign: .init(counted: "54.10",
                       items: [.init(account: "expenses:travel", date: "2026-11-12", amount: "50.00", commodity: "EUR", counted: "54.10", basis: "estimated")],
                       unconverted: [.init(account: "expenses:travel", amount: "17.40", commodity: "CHF")]))

    static let income = IncomeWidget(
        currency: "USD",
        thisWeek: .init(period: "2026-W47", start: "2026-11-16", end: "2026-11-22", earned: "640.00", goal: "1200.00", ratio: "0.5333",
                        ratioBasisPoints: 5333),
        month: .init(period: "2026-11", start: "2026-11-01", end: "2026-11-30", earned: "3040.00", goal: "5000.00", ratio: "0.6080",
                     ratioBasisPoints: 6080, weeks: (44...48).map { week in // a month touches four to six ISO weeks
                         .init(period: "2026-W\(week)", start: "2026-10-26", end: "2026-11-01", earned: "0.00")
                     }),
        goal: .init(length: "weekly", streak: 1,
                    current: .init(period: "2026-W47", start: "2026-11-16", end: "2026-11-22", currency: "USD", goal: "1200.00", earned: "640.00",
                                   ratio: "0.5333", ratioBasisPoints: 5333, projected: "746.66", daysElapsed: 6, days: 7, complete: false, met: false)))

    static let accounts = AccountsWidget(
        accounts: [.init(account: "assets:cash", type: "asset", amount: "200.00", currency: "USD")],
        netWorth: [.init(currency: "USD", assets: "1237.50", liabilities: "-500.00", amount: "737.50")],
        netWorthValued: .init(commodity: "USD", amount: "10915.31", priceDate: "2026-02-01", unconverted: [.init(currency: "CHF", amount: "12.00")]))

    static let transfers = TransfersWidget(
        currency: "USD", month: .init(period: "2026-11", start: "2026-11-01", end: "2026-11-30", total: "700.00", count: 2),
        recent: [.init(id: "01a1fdfa-4682-7000-985f-17ddc9558eac", date: "2026-11-19", from: "assets:checking", to: "assets:cash",
                       amount: "200.00", currency: "USD", note: "card payment")])

    static let forecast = ForecastWidget(
        currency: "USD",
        forecasts: [.init(account: "expenses:dining", name: "Dining", currency: "USD", period: "2026-11", spentSoFar: "44.00",
                          restOfPeriod: .init(point: "45.00", low: "35.37", high: "60.00"), nextPeriod: .init(point: "150.00", low: "117.90", high: "180.00"),
                          monthsOfHistory: 2, recurring: [.init(payee: "Maple Court", amount: "1450.00", intervalDays: 30, expected: ["2026-12-01"])])],
        note: "per expense category: the rest of this month and the next, a point and an 80 % interval")

    static let trend = TrendWidget(
        currency: "USD",
        series: [.init(currency: "USD", months: (1...12).map { month in // always twelve months
            let period = "2026-" + (month < 10 ? "0\(month)" : "\(month)")
            return .init(period: period, start: period + "-01", end: period + "-28", income: "3040.00", expenses: "1554.35", net: "1485.65",
                         netWorth: "1737.50")
        })],
        note: "income, expenses and net per calendar month; netWorth at the month's end (the current month up to asOf)")

    static let holdings = HoldingsWidget(
        currency: "USD",
        holdings: [.init(account: "assets:brokerage", commodity: "VTI", units: "10", basis: "2000.00", basisCurrency: "USD",
                         marketValue: "2450.00", priceDate: "2026-11-20", unrealisedGain: "450.00")],
        totals: .init(basis: "2000.00", marketValue: "2450.00", unrealisedGain: "450.00", unvalued: 0))
}
