import Hummingbird
import KakeiboDashboard
import KakeiboDomain
import KakeiboLedger
import KakeiboServer

/// The seven dashboard pages, live: the widget documents built from the server's replica as
/// `widgets export --html` builds them, rendered by the same `DashboardRenderer`.
extension WebApp {
    /// One ledger's widget documents at one head and day, built once and decoded once for all seven pages
    /// and their JSON: every page used to build all eight documents and decode them again.
    struct LiveDashboard: Sendable {
        var documents: [JSONValue]
        var decoded: DashboardDocuments
        var today: String
    }

    static let dashboardCache = WebHeadCache<LiveDashboard>()

    static func dashboard(_ request: Request, _ context: ServerRequestContext, store: ServerStore) async throws -> Response {
        let (ledger, _) = try caller(context)
        let file = try context.parameters.require("file")
        let live = try await store.withReplica(ledger: ledger) { replica in
            try dashboardCache.value(ledger: ledger, key: .init(replica)) {
                let documents = try replica.widgetSnapshots().map(\.json), today = try replica.today().description
                return LiveDashboard(documents: documents, decoded: DashboardDocuments(documents, exportedOn: today), today: today)
            }
        }
        if file.hasSuffix(".json") {
            let kind = String(file.dropLast(".json".count))
            guard let document = live.documents.first(where: { $0["kind"]?.stringValue == kind }) else { throw ServerError.notFound("no widget document \(kind)") }
            return WebPage.bytes(Array((document.prettyString() + "\n").utf8), contentType: "application/json; charset=utf-8")
        }
        guard let page = DashboardPage.allCases.first(where: { $0.fileName == file }) else { throw ServerError.notFound("no dashboard page \(file)") }
        let renderer = DashboardRenderer(documents: live.decoded, howToSetABudget: nil)
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
