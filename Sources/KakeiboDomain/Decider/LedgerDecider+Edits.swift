// Edits: what an edit of a transaction changes, field by field, and which accounts it may move to.

extension LedgerDecider {
    /// The transaction `id`, refused once voided. `orVoidedWithOpenConflict` (a void) also takes a
    /// voided one whose void raced an edit on another device: voiding it again says the void
    /// stands and settles that conflict (the fold moves no money for it), the one way to settle
    /// it, since a voided transaction takes no edit.
    func liveTransaction(_ id: String, orVoidedWithOpenConflict: Bool = false) throws -> LedgerTransaction {
        guard let transaction = try state.transaction(id: id) else { throw LedgerError.unknownTransaction(id) }
        if transaction.isVoided, try !orVoidedWithOpenConflict || !state.hasOpenConflict(transactionID: transaction.id) {
            throw LedgerError.transactionVoided(id)
        }
        return transaction
    }

    func edit(_ input: LedgerCommand.EditInput, opening opened: inout [LedgerEvent]) throws -> LedgerEvent.TransactionEdited {
        let txn = try liveTransaction(input.id)
        var changes: [FieldChange] = []
        func record(_ field: TransactionField, _ before: JSONValue, _ after: JSONValue) {
            if before != after { changes.append(FieldChange(field: field, before: before, after: after)) }
        }
        if let date = input.date {
            try PlanPeriod.check(date)
            record(.date, .string(txn.date.description), .string(date.description))
        }
        if let payee = input.payee {
            try checkOptionalText(payee, field: "payee")
            record(.payee, .optional(txn.payee), .optional(payee))
        }
        if let memo = input.memo {
            try checkOptionalText(memo, field: "memo")
            record(.memo, .optional(txn.memo), .optional(memo))
        }
        var to = input.to, from = input.from
        if let category = input.category {
            switch txn.kind {
            case .expense: to = try categoryAccount(category, type: .expense).name.rawValue
            case .income: from = try categoryAccount(category, type: .income).name.rawValue
            case .transfer, .general: throw LedgerError.fieldNotEditable("category", kind: txn.kind)
            }
        }
        if txn.kind.isSimple {
            guard let amount = txn.amount, let toID = txn.toAccountID, let fromID = txn.fromAccountID else {
                throw LedgerError.malformedEvent(type: "TransactionEdited", reason: "simple transaction without two postings")
            }
            if let text = input.amount {
                let newAmount = try parseAmount(text, currency: amount.currency)
                record(.amount, .int(amount.minorUnits), .int(newAmount.minorUnits))
            }
            for (field, name, currentID) in [(TransactionField.fromAccount, from, fromID), (.toAccount, to, toID)] {
                guard let name else { continue }
                let account = try openAccount(named: name)
                try checkCurrency(amount, account)
                try checkEditedAccountType(account, field: field, kind: txn.kind)
                record(field, .string(currentID), .string(account.id))
            }
            if input.postings != nil { throw LedgerError.fieldNotEditable("postings", kind: txn.kind) }
        } else {
            if input.amount != nil { throw LedgerError.fieldNotEditable("amount", kind: txn.kind) }
            if from != nil || to != nil { throw LedgerError.fieldNotEditable("accounts", kind: txn.kind) }
            if let inputs = input.postings {
                let (postings, opening) = try resolvePostings(inputs)
                opened += opening
                record(.postings, txn.postings.json, postings.json)
            }
        }
        if input.reviewed { changes.append(FieldChange(field: .reviewed, before: .null, after: .bool(true))) }
        guard !changes.isEmpty else { throw LedgerError.nothingToChange }
        try checkOptionalText(input.reason, field: "reason")
        return .init(transactionID: txn.id, changes: changes, reason: input.reason)
    }

    func checkEditedAccountType(_ account: Account, field: TransactionField, kind: TransactionKind) throws {
        let allowed: Set<AccountType> = switch (kind, field) {
        case (.expense, .toAccount): [.expense]
        case (.income, .fromAccount): [.income]
        case (.transfer, _): [.asset, .liability, .equity]
        default: [.asset, .liability]
        }
        guard allowed.contains(account.type) else {
            throw LedgerError.wrongAccountType(account.name.rawValue, is: account.type,
                                               expected: allowed.map(\.rawValue).sorted().joined(separator: " or ") + " account")
        }
    }
}
