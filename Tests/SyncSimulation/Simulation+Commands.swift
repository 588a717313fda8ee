import Foundation
import KakeiboDomain
import KakeiboInterop
import KakeiboLedger
import KakeiboTestSupport

/// The commands a person types on a device, drawn from the seed: small name pools so two devices often pick the same
/// name (an account, a category, a commodity, one bank journal imported twice) while apart.
extension Simulation {
    static let accountNames = ["assets:cash", "assets:savings", "liabilities:card", "assets:jar"]
    static let renameTargets = ["assets:wallet", "assets:pot", "assets:reserve"]
    static let categories = ["groceries", "dining", "transport", "gifts"]
    static let payees = ["Shop", "Cafe", "Market", "Bakery", "Kiosk"]

    /// Two bank journals a household might import on two devices: the same text twice counts once (idempotency keys).
    static let journals = [
        ("bank-a.journal", """
        2026-11-01 Bakery
            expenses:groceries   $8.00
            assets:checking

        2026-11-02 Bus
            expenses:transport   $2.50
            assets:checking

        """),
        ("bank-b.journal", """
        2026-11-05 Cinema
            expenses:fun   $12.00
            assets:checking

        """),
    ]

    /// Records one command on `device` (online or not). A refusal must leave the log as it was.
    func recordCommand(_ device: Int) {
        do {
            let ledger = try devices[device].open()
            let before = try ledger.head().position
            let description: String
            do {
                description = try perform(on: ledger, device: device)
            } catch {
                let after = try ledger.head().position
                note("d\(device) refused: \(String(describing: error).prefix(160))")
                if after != before {
                    violation(.refusalChangedLog, "d\(device): a refused command moved the head from \(before) to \(after): \(error)")
                }
                return
            }
            try remember(ledger, device: device, after: before)
            note("d\(device) \(description)")
        } catch {
            note("d\(device) could not open its ledger: \(error)")
            violation(.verifyFails, "d\(device): its ledger file does not open: \(error)")
        }
    }

    /// A person records an expense on the device while its sync is between round trips.
    func recordMeanwhile(_ device: Int) {
        do {
            let ledger = try devices[device].open()
            let before = try ledger.head().position
            try ledger.record(.captureExpense(.init(amount: amount(), date: date(), from: "assets:checking", to: "dining",
                                                    payee: "Meanwhile")))
            try remember(ledger, device: device, after: before)
            note("d\(device) expense recorded during its sync")
        } catch {
            note("d\(device) expense during its sync refused: \(error)")
        }
    }

    /// Every event the command appended, as recorded by `device`.
    func remember(_ ledger: Ledger, device: Int, after position: Int64) throws {
        for envelope in try ledger.events(from: position + 1) {
            recorded[envelope.eventID] = RecordedEvent(device: device, type: envelope.type, keyed: envelope.idempotencyKey != nil, step: step)
        }
    }

    func amount() -> String { "\(1 + random.next(upTo: 90)).\(random.next(upTo: 10))\(random.next(upTo: 10))" }

    /// A date in November 2026, or none (the device's skewed clock decides: today).
    func date() -> LocalDate? {
        random.next(upTo: 4) == 0 ? nil : try! LocalDate(iso: "2026-11-\(String(format: "%02d", 1 + random.next(upTo: 28)))")
    }

    func pick<T>(_ items: [T]) -> T? { items.isEmpty ? nil : items[random.next(upTo: items.count)] }

    private func perform(on ledger: Ledger, device: Int) throws -> String {
        let accounts = try ledger.accounts().map(\.account)
        let assets = accounts.filter { ($0.type == .asset || $0.type == .liability) && !$0.isClosed && $0.currency == .usd }
            .map(\.name.rawValue).sorted()
        let transactions = try ledger.transactions().map(\.id).sorted()
        let categories = accounts.filter { $0.type == .expense && !$0.isClosed && $0.name.rawValue.hasPrefix("expenses:") }
            .map { String($0.name.rawValue.dropFirst("expenses:".count)) }.sorted()
        switch random.next(upTo: 100) {
        case 0..<22:
            let from = pick(assets) ?? "assets:checking", category = pick(categories) ?? "groceries"
            try ledger.record(.captureExpense(.init(amount: amount(), date: date(), from: from, to: category, payee: pick(Self.payees))))
            return "expense from \(from) to \(category)"
        case 22..<28:
            try ledger.record(.recordIncome(.init(amount: amount(), date: date(), from: "income:salary", to: pick(assets) ?? "assets:checking",
                                                  payee: "Employer")))
            return "income"
        case 28..<35:
            let from = pick(assets) ?? "assets:checking", to = pick(assets) ?? "assets:checking"
            try ledger.record(.makeTransfer(.init(amount: amount(), date: date(), from: from, to: to)))
            return "transfer \(from) -> \(to)"
        case 35..<50:
            guard let id = pick(transactions) else { return "nothing to edit" }
            var edit = LedgerCommand.EditInput(id: id)
            let field: String
            switch random.next(upTo: 5) {
            case 0: edit.amount = amount(); field = "amount"
            case 1: edit.payee = .some(pick(Self.payees)); field = "payee"
            case 2: edit.memo = .some("note \(random.next(upTo: 9))"); field = "memo"
            case 3: edit.date = try LocalDate(iso: "2026-11-\(String(format: "%02d", 1 + random.next(upTo: 28)))"); field = "date"
            default: edit.category = pick(categories); field = "category"
            }
            try ledger.record(.editTransaction(edit))
            return "edit \(field) of \(id)"
        case 50..<55:
            guard let id = pick(transactions) else { return "nothing to void" }
            try ledger.record(.voidTransaction(id: id, reason: nil))
            return "void \(id)"
        case 55..<63:
            let name = pick(Self.accountNames)!
            // Mostly as its name implies; now and then in another currency, so two devices' opens clash.
            let currency: Currency? = random.next(upTo: 5) == 0 ? .eur : nil
            try ledger.record(.openAccount(name: name, type: nil, currency: currency))
            return "open \(name)\(currency.map { " in \($0.code)" } ?? "")"
        case 63..<69:
            guard let name = pick(assets.filter { $0 != "assets:checking" }) else { return "nothing to rename" }
            let target = pick(Self.renameTargets)!
            try ledger.record(.renameAccount(name: name, newName: target))
            return "rename \(name) -> \(target)"
        case 69..<76:
            let category = pick(Self.categories)!
            try ledger.record(.setBudget(.init(category: category, amount: "\(50 + random.next(upTo: 400)).00",
                                               from: random.next(upTo: 2) == 0 ? nil : try LocalDate(iso: "2026-11-01"))))
            return "budget \(category)"
        case 76..<79:
            let digits = [8, 6][random.next(upTo: 2)]
            try ledger.record(.declareCommodity(Commodity(uncheckedCode: "BTC", minorDigits: digits), display: nil))
            return "declare BTC at \(digits) digits"
        case 79..<85:
            let (name, text) = pick(Self.journals)!
            let report = try JournalImporter.importJournal(try JournalReader.read(text: text, name: name), into: ledger)
            return "import \(name): \(report.appended) appended"
        case 85..<90:
            let category = pick(Self.categories)!
            try ledger.record(.addCategory(.init(name: category)))
            return "category \(category)"
        default:
            guard let open = pick(try ledger.openConflicts()) else { return "no conflict to settle" }
            return try settle(open.conflict, on: ledger)
        }
    }

    /// What a person does about a listed conflict: void again if the transaction is voided (the void stands: the edit
    /// was against a void, or a void came after the conflict), otherwise an edit of the transaction.
    func settle(_ conflict: LedgerEvent.TransactionConflicted, on ledger: Ledger) throws -> String {
        let listed = try ledger.transactions().contains { $0.id == conflict.transactionID }
        let voided = conflict.fields.contains { $0.field == "voided" } || !listed
        if voided {
            try ledger.record(.voidTransaction(id: conflict.transactionID, reason: "settled"))
            return "settle the conflict on \(conflict.transactionID) by voiding it again"
        }
        try ledger.record(.editTransaction(.init(id: conflict.transactionID, memo: .some("settled at step \(step), position \(try ledger.head().position)"))))
        return "settle the conflict on \(conflict.transactionID) with an edit"
    }
}

// MARK: - Written-out steps (the named regression tests)

extension Simulation {
    /// Records `command` on `device`, remembered like a drawn command.
    @discardableResult
    func record(_ device: Int, _ command: LedgerCommand) throws -> RecordResult {
        let ledger = try devices[device].open()
        let before = try ledger.head().position
        let result = try ledger.record(command)
        try remember(ledger, device: device, after: before)
        note("d\(device) \(command)")
        return result
    }

    /// Imports one of `journals` on `device`.
    func importJournal(_ device: Int, _ index: Int) throws {
        let (name, text) = Self.journals[index]
        try importJournal(device, name: name, text: text)
    }

    /// Imports the journal `text` on `device`.
    func importJournal(_ device: Int, name: String, text: String) throws {
        let ledger = try devices[device].open()
        let before = try ledger.head().position
        _ = try JournalImporter.importJournal(try JournalReader.read(text: text, name: name), into: ledger)
        try remember(ledger, device: device, after: before)
        note("d\(device) import \(name)")
    }

    /// Syncs `device` and then every other device, in order, with no faults.
    func syncAll(startingWith device: Int = 0) async {
        for offset in devices.indices { await sync((device + offset) % devices.count, final: true) }
    }
}
