import Hummingbird
import KakeiboDomain
import KakeiboLedger
import KakeiboServer

/// Review: receipts flagged at import, expenses filed under `expenses:unknown` (with the
/// suggester's proposal) and open conflicts. Accepting is an event (an edit, as the CLI's
/// `receipt accept` and a category change record it), so the flag clears on every device that syncs.
extension WebApp {
    struct ReviewItem: Sendable {
        var kind: String
        var txn: String
        var date: String
        var payee: String
        var amount: String
        var what: String
        var suggestion: String?
    }

    static func reviewItems(_ ledger: Ledger) throws -> [ReviewItem] {
        var items: [ReviewItem] = []
        var seen = Set<String>()
        for receipt in try ledger.receipts(needingReview: true) {
            guard let txn = receipt.transaction else { continue }
            seen.insert(txn.id)
            items.append(ReviewItem(kind: "receipt", txn: txn.id, date: txn.date.description, payee: txn.payee ?? "",
                                    amount: txn.amount.map { "\($0)" } ?? "", what: "receipt read with low confidence"))
        }
        // Only the postings of `expenses:unknown` (its register), not every transaction: the page stays
        // quick on a long log. A ledger without that account has nothing uncategorised.
        let unknown = (try? ledger.register(account: AppliedSuggestion.uncategorisedExpenses).entries.map(\.posted)) ?? []
        for posted in unknown where posted.amount.minorUnits > 0 && !seen.contains(posted.transactionID) {
            seen.insert(posted.transactionID)
            var suggestion: String?
            if let payee = posted.payee, let (proposal, names) = try? ledger.suggestCategory(payee: payee), let id = proposal.accountID {
                suggestion = names[id] ?? id
            }
            items.append(ReviewItem(kind: "uncategorised", txn: posted.transactionID, date: posted.date.description, payee: posted.payee ?? "",
                                    amount: posted.amount.description, what: "no category", suggestion: suggestion))
        }
        for conflict in try ledger.openConflicts() {
            let fields = conflict.conflict.fields.map(\.field).joined(separator: ", ")
            items.append(ReviewItem(kind: "conflict", txn: conflict.conflict.transactionID, date: "", payee: "",
                                    amount: "", what: "conflicting edits by \(conflict.conflict.member) of \(fields)"))
        }
        return items
    }

    static func review(_ request: Request, _ context: ServerRequestContext, store: ServerStore) async throws -> Response {
        let (ledger, caller) = try caller(context)
        return try await reviewPage(ledger: ledger, caller: caller, store: store, done: request.uri.queryParameters.get("done"))
    }

    static func reviewPage(ledger: String, caller: WebCaller, store: ServerStore, done: String? = nil, error: String? = nil,
                           status: HTTPResponse.Status = .ok) async throws -> Response {
        let items = try await store.withReplica(ledger: ledger) { try reviewItems($0) }
        let base = WebPage.base(ledger)
        let rows: [[String: Any]] = items.map { item in
            var row: [String: Any] = ["kind": item.kind, "txn": item.txn, "date": item.date, "payee": item.payee, "amount": item.amount,
                                      "what": item.what, "csrf": caller.csrfToken, "idemAccept": WebPage.newKey(), "idemVoid": WebPage.newKey(),
                                      "link": base + "/txn/" + WebPage.percentEncoded(item.txn), "suggestionAccount": item.suggestion ?? ""]
            if let suggestion = item.suggestion { row["suggestion"] = suggestion }
            return row
        }
        var values: [String: Any] = ["items": rows, "hasItems": !rows.isEmpty]
        if let done { values["done"] = done }
        if let error { values["error"] = error }
        return WebPage.render("review", title: "Review", ledger: ledger, current: "/review", values: values, status: status)
    }

    /// Accept: a flagged receipt is marked reviewed; an uncategorised expense takes the suggested
    /// category (or the one sent); a conflict is settled by keeping what the server kept (an edit
    /// marked reviewed, which supersedes the conflict as any later edit does).
    static func reviewAccept(_ request: Request, _ context: ServerRequestContext, store: ServerStore) async throws -> Response {
        let (ledger, caller) = try caller(context)
        let fields = try await WebForm.fields(request)
        try checkWrite(caller, csrf: fields["csrf"], store: store)
        guard let txn = WebForm.value(fields, "txn"), let key = WebForm.value(fields, "idem") else {
            throw WebFormError(message: "the form names no transaction; reload the page")
        }
        var edit = LedgerCommand.EditInput(id: txn, reason: "accepted on the web", reviewed: true)
        if fields["kind"] == "uncategorised" {
            guard let category = WebForm.value(fields, "category") else {
                throw WebFormError(message: "no category is suggested for this expense; correct it with a category instead",
                                   status: .unprocessableContent)
            }
            edit = LedgerCommand.EditInput(id: txn, category: category, reason: "accepted the suggested category on the web")
        }
        _ = try await store.record(.editTransaction(edit), ledger: ledger, caller: caller, idempotencyKey: key)
        return redirect(to: WebPage.base(ledger) + "/review?done=accepted")
    }

    static func reviewVoid(_ request: Request, _ context: ServerRequestContext, store: ServerStore) async throws -> Response {
        let (ledger, caller) = try caller(context)
        let fields = try await WebForm.fields(request)
        try checkWrite(caller, csrf: fields["csrf"], store: store)
        guard let txn = WebForm.value(fields, "txn"), let key = WebForm.value(fields, "idem") else {
            throw WebFormError(message: "the form names no transaction; reload the page")
        }
        _ = try await store.record(.voidTransaction(id: txn, reason: "voided on the web"), ledger: ledger, caller: caller, idempotencyKey: key)
        return redirect(to: WebPage.base(ledger) + "/review?done=voided")
    }

    /// Post/redirect/get: a reload of the page after a write does not send the form again.
    static func redirect(to location: String) -> Response {
        var headers = WebPage.securityHeaders
        headers[.location] = location
        return Response(status: .seeOther, headers: headers)
    }
}
