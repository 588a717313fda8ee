import KakeiboDomain

/// Renders the dashboard pages from the widget documents: self-contained HTML (inline CSS and
/// SVG, no script, nothing external), the same bytes for the same documents. One renderer for
/// both paths: `widgets export --html` writes the pages to files, the server serves them.
public struct DashboardRenderer: Sendable {
    public let documents: DashboardDocuments
    /// How the reader sets a budget where there is none, shown as code (the CLI's export passes its command;
    /// a page the server serves would link its own form instead); nil, the page only says there are none.
    public let howToSetABudget: String?

    public init(documents: DashboardDocuments, howToSetABudget: String? = nil) {
        self.documents = documents
        self.howToSetABudget = howToSetABudget
    }

    /// Every page, in navigation order.
    public func renderAll() -> [(fileName: String, html: String)] {
        DashboardPage.allCases.map { ($0.fileName, render($0)) }
    }

    public func render(_ page: DashboardPage) -> String {
        let body: String
        switch page {
        case .overview: body = overview()
        case .budgets: body = budgets()
        case .spending: body = spending()
        case .income: body = income()
        case .accounts: body = accounts()
        case .forecast: body = forecast()
        case .transfers: body = transfers()
        }
        return shell(page, body: body)
    }

    // MARK: - Pieces every page uses

    /// A figure exactly as the JSON has it, in an element the browser tests can find by class; "—" for null.
    func figure(_ value: String?, _ className: String, currency: String? = nil) -> String {
        var out = "<span class=\"\(className) num\">\(HTML.escape(value ?? "—"))</span>"
        if let currency, value != nil { out += "<span class=\"cur\">\(HTML.escape(currency))</span>" }
        return out
    }

    /// The note shown where a document is absent from the export (an older export, or a file removed),
    /// or present but not of its type (a field missing or of the wrong type: the reason names it).
    func missing(_ kind: String) -> String {
        if let reason = documents.unreadable[kind] {
            return "<div class=\"card\"><p class=\"empty\" data-testid=\"unreadable\">\(HTML.escape(kind)).json could not be read: \(HTML.escape(reason)).</p></div>"
        }
        return "<div class=\"card\"><p class=\"empty\" data-testid=\"missing\">\(HTML.escape(kind)).json is not in this export.</p></div>"
    }
}
