import KakeiboDomain

/// The decoded widget documents of one export, typed, and the date the export was made.
/// This is all the dashboard sees: it formats what the documents say and computes nothing.
public struct DashboardDocuments: Sendable {
    public var index: WidgetFile<IndexWidget>?
    public var budgets: WidgetFile<BudgetsWidget>?
    public var expenses: WidgetFile<ExpensesWidget>?
    public var income: WidgetFile<IncomeWidget>?
    public var accounts: WidgetFile<AccountsWidget>?
    public var transfers: WidgetFile<TransfersWidget>?
    public var forecast: WidgetFile<ForecastWidget>?
    public var trend: WidgetFile<TrendWidget>?
    /// Every document's header by `kind`, those the dashboard draws no page for included (the footer lists them).
    public var headers: [String: WidgetHeader]
    /// Documents that carry a header but whose body does not decode, by kind: why (a field's path and what is wrong).
    public var unreadable: [String: String]
    /// The day the export ran (ISO date). When a document's `asOf` is older, pages say "stale".
    /// Nil when unknown (e.g. rendering someone else's export): then only mismatches with the index mark staleness.
    public var exportedOn: String?
    /// The ledger's log head when the pages are served live; documents behind it are stale.
    public var headPosition: Int64?

    /// Documents without a readable header (`kind`, `asOf`, …) are ignored; a later document of the same kind wins.
    public init(_ documents: [JSONValue], exportedOn: String?, headPosition: Int64? = nil) {
        self.exportedOn = exportedOn
        self.headPosition = headPosition
        headers = [:]
        unreadable = [:]
        let decoder = JSONValueDecoder()
        for document in documents {
            guard let header = try? decoder.decode(WidgetHeader.self, from: document) else { continue }
            headers[header.kind] = header
            unreadable[header.kind] = nil
            do {
                switch header.kind {
                case IndexWidget.kind: index = try decoder.decode(WidgetFile.self, from: document)
                case BudgetsWidget.kind: budgets = try decoder.decode(WidgetFile.self, from: document)
                case ExpensesWidget.kind: expenses = try decoder.decode(WidgetFile.self, from: document)
                case IncomeWidget.kind: income = try decoder.decode(WidgetFile.self, from: document)
                case AccountsWidget.kind: accounts = try decoder.decode(WidgetFile.self, from: document)
                case TransfersWidget.kind: transfers = try decoder.decode(WidgetFile.self, from: document)
                case ForecastWidget.kind: forecast = try decoder.decode(WidgetFile.self, from: document)
                case TrendWidget.kind: trend = try decoder.decode(WidgetFile.self, from: document)
                default: break
                }
            } catch {
                headers[header.kind] = nil
                unreadable[header.kind] = Self.reason(error)
            }
        }
    }

    /// `month.total.spent: expected a string, found 12`: where in the document, and what is wrong.
    static func reason(_ error: any Error) -> String {
        let path: [any CodingKey], message: String
        switch error as? DecodingError {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            (path, message) = (context.codingPath, context.debugDescription)
        case .keyNotFound(let key, let context):
            (path, message) = (context.codingPath + [key], context.debugDescription)
        default:
            (path, message) = ([], "\(error)")
        }
        let location = path.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        return location.isEmpty ? message : "\(location): \(message)"
    }

    /// Why a document is stale, or nil when it is fresh: older than the export, behind the ledger's
    /// head, or not the document the index lists (a different log position or hash: two exports mixed).
    func staleness(of kind: String) -> String? {
        guard let document = headers[kind] else { return nil }
        if let exportedOn, document.asOf < exportedOn { return "older than this export (\(exportedOn))" }
        if let headPosition, document.logPosition < headPosition {
            return "the ledger has moved on to log position \(headPosition)"
        }
        guard kind != IndexWidget.kind, let index else { return nil }
        if index.header.logPosition != document.logPosition {
            return "log position \(document.logPosition) differs from the index's \(index.header.logPosition)"
        }
        let listed = index.body.documents.first { $0.kind == kind }
        if let listed, listed.contentHash != document.contentHash { return "content hash differs from the one the index lists" }
        return nil
    }
}
