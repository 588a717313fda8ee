import Hummingbird
import KakeiboDashboard
import KakeiboDomain
import KakeiboLedger
import KakeiboServer

/// The seven dashboard pages, live: the widget documents built from the server's replica as
/// `widgets export --html` builds them, rendered by the same `DashboardRenderer`.
extension WebApp {
    static func dashboard(_ request: Request, _ context: ServerRequestContext, store: ServerStore) async throws -> Response {
        let (ledger, _) = try caller(context)
        let file = try context.parameters.require("file")
        let (documents, today) = try await store.withReplica(ledger: ledger) { ledger in
            (try ledger.widgetSnapshots().map(\.json), try ledger.today().description)
        }
        if file.hasSuffix(".json") {
            let kind = String(file.dropLast(".json".count))
            guard let document = documents.first(where: { $0["kind"]?.stringValue == kind }) else { throw ServerError.notFound("no widget document \(kind)") }
            return WebPage.bytes(Array((document.prettyString() + "\n").utf8), contentType: "application/json; charset=utf-8")
        }
        guard let page = DashboardPage.allCases.first(where: { $0.fileName == file }) else { throw ServerError.notFound("no dashboard page \(file)") }
        let renderer = DashboardRenderer(documents: DashboardDocuments(documents, exportedOn: today),
                                         howToSetABudget: nil)
        let rewritten = await DashboardStyles.rewrite(renderer.render(page))
        let navigation = DashboardPage.allCases.map { other in
            "<li><a href=\"\(other.fileName)\"\(other == page ? " aria-current=\"page\"" : "")>\(other == .overview ? "Overview" : other.rawValue.capitalized)</a></li>"
        }.joined()
        let body = "<nav aria-label=\"Dashboard pages\"><ul>\(navigation)</ul></nav>\n" + rewritten.body
        return WebPage.html(WebTemplates.render("layout", [
            "title": "Dashboard", "body": body, "ledger": ledger, "dashboardStyles": rewritten.stylesheet ?? "/assets/dashboard.css",
            "nav": WebPage.navigation.map { item -> [String: Any] in
                ["href": WebPage.base(ledger) + item.path, "label": item.label, "current": item.path == "/dashboard/index.html"]
            },
        ]))
    }
}
