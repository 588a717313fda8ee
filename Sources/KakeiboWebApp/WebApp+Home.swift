import Hummingbird
import KakeiboDomain
import KakeiboLedger
import KakeiboServer

/// Home: this month's budgets, recent activity and how much needs review.
extension WebApp {
    static let homeCache = WebHeadCache<[String: any Sendable]>()

    static func home(_ request: Request, _ context: ServerRequestContext, store: ServerStore) async throws -> Response {
        let (ledger, caller) = try caller(context)
        let values = try await store.withReplica(ledger: ledger) { replica -> [String: any Sendable] in
            try homeCache.value(ledger: ledger, key: .init(replica)) { try homeValues(replica) }
        }
        var page: [String: Any] = values
        page["readOnly"] = caller.scope < .write
        page["hasBudgets"] = !((values["budgets"] as? [[String: String]]) ?? []).isEmpty
        page["hasRecent"] = !((values["recent"] as? [[String: String]]) ?? []).isEmpty
        // The links of recent activity need the ledger's URL name, not the replica's display name.
        page["recent"] = (values["recent"] as? [[String: String]] ?? []).map { item -> [String: String] in
            var item = item
            item["link"] = WebPage.base(ledger) + "/txn/" + WebPage.percentEncoded(item["txn"] ?? "")
            return item
        }
        return WebPage.render("home", title: "Home", ledger: ledger, current: "/", values: page)
    }

    static func homeValues(_ ledger: Ledger) throws -> [String: any Sendable] {
        let report = try ledger.budgetReport()
        let budgets: [[String: String]] = report.lines.filter { $0.own != nil }.map { line in
            let figures = line.total
            return ["name": line.displayName ?? line.account.rawValue,
                    "available": Money(minorUnits: figures.available, currency: figures.currency).description,
                    "funds": Money(minorUnits: figures.funds, currency: figures.currency).description]
        }
        return ["budgets": budgets, "recent": try recentActivity(ledger), "reviewCount": try reviewItems(ledger).count]
    }

    /// The last ten things recorded, newest first, read from the log's last 40 events (not from every
    /// transaction: 20,000-event ledger, debug build, home took 249 ms through `transactions()`).
    static func recentActivity(_ ledger: Ledger) throws -> [[String: String]] {
        let head = try ledger.head().position
        let envelopes = try ledger.events(from: max(1, head - 39))
        let names = Dictionary(try ledger.accounts().map { ($0.account.id, $0.account.name.rawValue) }, uniquingKeysWith: { first, _ in first })
        var items: [[String: String]] = []
        for envelope in envelopes.reversed() where items.count < 10 {
            guard let event = try? envelope.event(), let txn = event.transactionID else { continue }
            var item = ["txn": txn, "date": envelope.occurredOn?.description ?? "", "who": envelope.actor]
            switch event {
            case .expenseCaptured(let moved), .incomeRecorded(let moved), .transferMade(let moved):
                item["payee"] = moved.payee ?? moved.memo ?? ""
                item["amount"] = moved.amount.description
                item["accounts"] = "\(names[moved.fromAccountID] ?? "?") → \(names[moved.toAccountID] ?? "?")"
            case .transactionRecorded(let recorded):
                item["payee"] = recorded.payee ?? recorded.memo ?? ""
                item["accounts"] = "\(recorded.postings.count) postings"
            case .transactionEdited:
                item["payee"] = "edited"
            case .transactionVoided:
                item["payee"] = "voided"
            default:
                continue
            }
            item["accounts", default: ""] += " · by \(envelope.actor)"
            items.append(item)
        }
        return items
    }
}
