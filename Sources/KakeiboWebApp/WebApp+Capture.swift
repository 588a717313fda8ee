import Foundation
import HTTPTypes
import Hummingbird
import KakeiboDomain
import KakeiboLedger
import KakeiboServer

/// Capture: an expense, an income or a transfer, decided by the same decider as the CLI against
/// the server's replica (`ServerStore.record`), once per form (its idempotency key).
extension WebApp {
    /// The account last captured from, per ledger: remembered in a cookie the page reads back.
    static let accountCookie = "kakeibo_account"

    struct CaptureChoices: Sendable {
        var today: String
        var accounts: [String]
        var categories: [String]
    }

    static func captureChoices(_ ledger: Ledger) throws -> CaptureChoices {
        let listings = try ledger.accounts().filter { !$0.account.isClosed }
        let names = { (types: Set<AccountType>) in listings.filter { types.contains($0.account.type) }.map(\.account.name.rawValue).sorted() }
        return CaptureChoices(today: try ledger.today().description, accounts: names([.asset, .liability]),
                              categories: names([.expense, .income]))
    }

    static func captureForm(_ request: Request, _ context: ServerRequestContext, store: ServerStore) async throws -> Response {
        let (ledger, caller) = try caller(context)
        let choices = try await store.withReplica(ledger: ledger) { try captureChoices($0) }
        return capturePage(ledger: ledger, caller: caller, choices: choices, fields: [:], remembered: rememberedAccount(request))
    }

    static func rememberedAccount(_ request: Request) -> String? {
        request.cookies[accountCookie].flatMap { $0.value.removingPercentEncoding }
    }

    static func capturePage(ledger: String, caller: WebCaller, choices: CaptureChoices, fields: [String: String], remembered: String?,
                            recorded: [String: Any]? = nil, error: String? = nil, suggestionHint: String? = nil,
                            status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        let kind = fields["kind"] ?? "expense"
        var values: [String: Any] = [
            "csrf": caller.csrfToken, "idem": WebPage.newKey(), "readOnly": caller.scope < .write, "member": caller.member,
            "isExpense": kind == "expense", "isIncome": kind == "income", "isTransfer": kind == "transfer",
            "accounts": choices.accounts, "categories": choices.categories,
            "date": fields["date"] ?? choices.today,
            "account": fields["account"] ?? remembered ?? choices.accounts.first ?? "",
        ]
        // A refused form comes back as it was typed; a recorded one comes back empty for the next entry.
        if error != nil {
            for name in ["amount", "payee", "category", "memo"] { values[name] = fields[name] ?? "" }
        }
        if let recorded { values["recorded"] = recorded }
        if let error { values["error"] = error }
        if let suggestionHint { values["suggestionHint"] = suggestionHint }
        return WebPage.render("capture", title: "Capture", ledger: ledger, current: "/capture", values: values, status: status, headers: headers)
    }

    /// The command a capture form asks for. An expense with no category takes the suggester's
    /// proposal for the payee when it is confident (the decider applies it, as the CLI's does), so
    /// the form works the same without script.
    static func captureCommand(_ fields: [String: String]) throws -> LedgerCommand {
        guard let amount = WebForm.value(fields, "amount") else { throw WebFormError(message: "amount: enter an amount such as 12.50") }
        guard let account = WebForm.value(fields, "account") else { throw WebFormError(message: "account: choose the account") }
        var date: LocalDate?
        if let text = WebForm.value(fields, "date") {
            do { date = try LocalDate(iso: text) } catch { throw WebFormError(message: "date: \(text) is not a date (YYYY-MM-DD)") }
        }
        let payee = WebForm.value(fields, "payee"), memo = WebForm.value(fields, "memo"), category = WebForm.value(fields, "category")
        switch fields["kind"] ?? "expense" {
        case "expense":
            var input = LedgerCommand.MoneyInput(amount: amount, date: date, from: account, to: category ?? AppliedSuggestion.uncategorisedExpenses,
                                                 payee: payee, memo: memo)
            input.suggestCategory = category == nil
            return .captureExpense(input)
        case "income":
            guard let category else { throw WebFormError(message: "category: name the income account (income:salary)") }
            return .recordIncome(.init(amount: amount, date: date, from: category, to: account, payee: payee, memo: memo))
        case "transfer":
            guard let category else { throw WebFormError(message: "category: name the account the money reaches") }
            return .makeTransfer(.init(amount: amount, date: date, from: account, to: category, payee: payee, memo: memo))
        case let other:
            throw WebFormError(message: "kind: \(other) is not expense, income or transfer")
        }
    }

    static func capture(_ request: Request, _ context: ServerRequestContext, store: ServerStore) async throws -> Response {
        let (ledger, caller) = try caller(context)
        let fields = try await WebForm.fields(request)
        try checkWrite(caller, csrf: fields["csrf"], store: store)
        guard let key = WebForm.value(fields, "idem"), key.count <= 200 else {
            throw WebFormError(message: "the form has no idempotency key; reload the page")
        }
        let command: LedgerCommand
        let result: RecordResult
        do {
            command = try captureCommand(fields)
            result = try await store.record(command, ledger: ledger, caller: caller, idempotencyKey: key)
        } catch let error as WebFormError where !WebPage.wantsJSON(request) {
            let choices = try await store.withReplica(ledger: ledger) { try captureChoices($0) }
            return capturePage(ledger: ledger, caller: caller, choices: choices, fields: fields, remembered: nil, error: error.message,
                               status: error.status)
        } catch let error as LedgerError where !WebPage.wantsJSON(request) {
            let choices = try await store.withReplica(ledger: ledger) { try captureChoices($0) }
            return capturePage(ledger: ledger, caller: caller, choices: choices, fields: fields, remembered: nil, error: error.description,
                               status: .unprocessableContent)
        }
        let txn = result.transactionID ?? ""
        let summary = captureSummary(fields, result: result)
        let link = WebPage.base(ledger) + "/txn/" + WebPage.percentEncoded(txn)
        var headers = HTTPFields()
        if let account = WebForm.value(fields, "account") {
            let value = account.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            headers[.setCookie] = "\(accountCookie)=\(value); Path=\(WebPage.base(ledger)); Max-Age=31536000; SameSite=Strict"
        }
        if WebPage.wantsJSON(request) {
            var response = WebPage.json(["txn": txn, "alreadyRecorded": result.alreadyRecorded, "summary": summary, "link": link])
            response.headers.append(contentsOf: headers)
            return response
        }
        let choices = try await store.withReplica(ledger: ledger) { try captureChoices($0) }
        let recorded: [String: Any] = ["txn": txn, "again": result.alreadyRecorded, "summary": summary, "link": link, "short": String(txn.suffix(8))]
        return capturePage(ledger: ledger, caller: caller, choices: choices, fields: ["kind": fields["kind"] ?? "expense"],
                           remembered: WebForm.value(fields, "account"), recorded: recorded, headers: headers)
    }

    static func captureSummary(_ fields: [String: String], result: RecordResult) -> String {
        var words = [fields["kind"] ?? "expense", fields["amount"] ?? ""]
        if let payee = WebForm.value(fields, "payee") { words.append(payee) }
        if let category = result.suggestedCategory ?? WebForm.value(fields, "category") { words.append("→ " + category) }
        return words.joined(separator: " ")
    }

    /// `suggest?payee=…`: the suggester's proposal for a payee, for the capture page's script as you type.
    static func suggest(_ request: Request, _ context: ServerRequestContext, store: ServerStore) async throws -> Response {
        let (ledger, _) = try caller(context)
        let payee = request.uri.queryParameters.get("payee") ?? ""
        guard !payee.isEmpty else { return WebPage.json(["category": NSNull()]) }
        let answer = try await store.withReplica(ledger: ledger) { ledger -> [String: String] in
            let (suggestion, names) = try ledger.suggestCategory(payee: payee)
            guard let id = suggestion.accountID else { return ["reason": suggestion.abstention ?? "not enough history"] }
            return ["category": names[id] ?? id, "confidence": "\(suggestion.confidenceBasisPoints / 100) %"]
        }
        return WebPage.json(answer)
    }
}
