import Foundation
import Hummingbird
import KakeiboDomain
import KakeiboLedger
import KakeiboServer

/// Transaction: its postings, its history (who, when, from which device, before → after) and the
/// receipt photo if there is one; a write-scope member may correct it (an edit).
extension WebApp {
    static func transaction(_ request: Request, _ context: ServerRequestContext, store: ServerStore) async throws -> Response {
        let (ledger, caller) = try caller(context)
        let text = try context.parameters.require("txn")
        let base = WebPage.base(ledger)
        var values = try await store.withReplica(ledger: ledger) { ledger -> [String: any Sendable] in
            let id = try ledger.resolveTransactionID(text)
            let history = try ledger.history(of: id)
            let listed = try ledger.transaction(listedAs: id)
            var values: [String: any Sendable] = [
                "txn": id, "short": String(id.suffix(8)), "voided": history.isVoided,
                "date": listed?.date.description ?? "", "payee": listed?.payee ?? "", "memo": listed?.memo ?? "",
                "postings": (listed?.lines ?? []).map { ["account": $0.account.rawValue, "amount": $0.amount.description] },
                "history": history.entries.map { entry -> [String: any Sendable] in
                    let when = Date(timeIntervalSince1970: Double(entry.recordedAt) / 1000)
                    var row: [String: any Sendable] = [
                        "when": when.formatted(Date.ISO8601FormatStyle()), "who": entry.actor, "device": entry.provenance ?? "\(entry.source)",
                        "type": entry.type, "changes": entry.changes.map { ["field": $0.field, "before": $0.before ?? "—", "after": $0.after ?? "—"] }]
                    if let reason = entry.reason, !reason.isEmpty { row["reason"] = reason }
                    return row
                },
            ]
            if let record = try? ledger.receipt(matching: id) { values["sha"] = record.scan.imageSHA256 }
            return values
        }
        if let sha = values["sha"] as? String { values["photo"] = base + "/attachments/" + sha }
        var page: [String: Any] = values
        page["canWrite"] = caller.scope >= .write
        page["csrf"] = caller.csrfToken
        page["idem"] = WebPage.newKey()
        if (page["memo"] as? String)?.isEmpty == true { page["memo"] = false }
        return WebPage.render("transaction", title: "Transaction", ledger: ledger, values: page)
    }

    /// A correction: only the fields filled in change (an `editTransaction`, like `edit TXN …`).
    static func transactionEdit(_ request: Request, _ context: ServerRequestContext, store: ServerStore) async throws -> Response {
        let (ledger, caller) = try caller(context)
        let txn = try context.parameters.require("txn")
        let fields = try await WebForm.fields(request)
        try checkWrite(caller, csrf: fields["csrf"], store: store)
        guard let key = WebForm.value(fields, "idem") else { throw WebFormError(message: "the form has no idempotency key; reload the page") }
        var date: LocalDate?
        if let text = WebForm.value(fields, "date") {
            do { date = try LocalDate(iso: text) } catch { throw WebFormError(message: "date: \(text) is not a date (YYYY-MM-DD)") }
        }
        let payee = WebForm.value(fields, "payee")
        let edit = LedgerCommand.EditInput(id: txn, amount: WebForm.value(fields, "amount"), date: date, payee: payee.map { .some($0) },
                                           category: WebForm.value(fields, "category"), reason: "corrected on the web")
        _ = try await store.record(.editTransaction(edit), ledger: ledger, caller: caller, idempotencyKey: key)
        return redirect(to: WebPage.base(ledger) + "/txn/" + WebPage.percentEncoded(txn))
    }
}
