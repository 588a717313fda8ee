import GRDB
import KakeiboDomain
import KakeiboEventStore
import KakeiboProjections

/// Builds the glanceable widget documents from the projections inside one read transaction.
/// Each document is a typed body (KakeiboDomain/Widgets) filled by one `WidgetSnapshotBuilder+Kind.swift`.
struct WidgetSnapshotBuilder {
    let db: Database
    let asOf: LocalDate

    static let recentTransferCount = 10

    func documents() throws -> [WidgetDocument] {
        let store = SQLiteProjectionStore(db: db)
        guard let settings = try store.settings() else { throw LedgerError.ledgerNotInitialised }
        let position = try EventLog.head(in: db).position
        let currency = settings.baseCurrency
        func document<Body: WidgetBody>(_ body: Body) throws -> WidgetDocument {
            try WidgetDocument(body, asOf: asOf, logPosition: position)
        }
        let widgets = [
            try document(income(currency)),
            try document(budgets(currency)),
            try document(expenses(currency)),
            try document(transfers(currency)),
            try document(accounts()),
            try document(forecast(currency)),
            try document(trend(currency)),
        ] + (try holdings(currency).map { [try document($0)] } ?? [])
        let index = try document(IndexWidget(documents: widgets.map { widget in
            IndexWidget.Entry(file: widget.fileName, kind: widget.kind, schema: "widgets/\(widget.kind).schema.json",
                              contentHash: widget.contentHash)
        }))
        return widgets + [index]
    }

    var week: PlanPeriod { PeriodLength.weekly.period(containing: asOf) }
    var month: PlanPeriod { PeriodLength.monthly.period(containing: asOf) }

    /// An amount as the documents write it: a decimal string at the currency's precision.
    func amount(_ minorUnits: Int64, _ currency: Currency) -> String {
        Money(minorUnits: minorUnits, currency: currency).decimalString
    }

    /// A ratio shown to four places and in basis points, rounded half to even (N22); nil without a denominator.
    func ratio(_ numerator: Int64, _ denominator: Int64?) -> (text: String?, basisPoints: Int64?) {
        let basisPoints = denominator.flatMap { BasisPoints.rounded(numerator, $0) }
        return (basisPoints.map(BasisPoints.decimalString), basisPoints)
    }
}
