import GRDB
import KakeiboDomain
import KakeiboEventStore
import KakeiboProjections

extension Ledger {
    /// Every event of one transaction, with field values rendered for people.
    public func history(of transactionID: String) throws -> TransactionHistory {
        try writer.read { db in
            let store = SQLiteProjectionStore(db: db)
            let envelopes = try EventLog.events(inStream: LedgerTransaction.stream(for: transactionID), in: db)
            guard !envelopes.isEmpty else { throw LedgerError.unknownTransaction(transactionID) }
            let renderer = ValueRenderer(store: store)
            var transaction: LedgerTransaction?
            var entries: [TransactionHistory.Entry] = []
            for envelope in envelopes {
                let event = try envelope.event()
                var changes: [TransactionHistory.Change] = []
                var reason: String?
                if let recorded = try LedgerTransaction(recordedBy: event) {
                    transaction = recorded
                    changes = try renderer.fields(of: recorded)
                    if case .expenseCaptured(let captured) = event, let receipt = captured.receiptID {
                        changes.append(.init(field: "receipt", before: nil, after: receipt))
                        if captured.needsReview { changes.append(.init(field: "needsReview", before: nil, after: "yes")) }
                    }
                } else if case .postingsMarked = event, let marks = try Self.statusChanges(event, transaction: &transaction, accountName: renderer.accountName) {
                    changes = marks
                } else if case .postingsLocked = event, let locks = try Self.statusChanges(event, transaction: &transaction, accountName: renderer.accountName) {
                    changes = locks
                } else if case .transactionEdited(let edit) = event, let current = transaction {
                    changes = try edit.changes.map { change in
                        TransactionHistory.Change(field: change.field.rawValue,
                                                  before: try renderer.render(change.before, field: change.field, in: current),
                                                  after: try renderer.render(change.after, field: change.field, in: current))
                    }
                    reason = edit.reason
                    transaction = try current.applying(edit.changes)
                    changes += try Self.statusChanges(event, transaction: &transaction, accountName: renderer.accountName) ?? []
                } else if case .transactionVoided(let void) = event {
                    changes = [.init(field: "status", before: "active", after: "voided")]
                        + (try Self.statusChanges(event, transaction: &transaction, accountName: renderer.accountName) ?? [])
                    reason = void.reason
                    transaction?.isVoided = true
                }
                let hash = try EventLog.hash(at: envelope.position, in: db) ?? []
                entries.append(.init(position: envelope.position, type: envelope.type, recordedAt: envelope.recordedAt,
                                     actor: envelope.actor, source: envelope.source, provenance: envelope.provenance, reason: reason, changes: changes,
                                     hash: EventHasher.hex(hash)))
            }
            guard let transaction else { throw LedgerError.unknownTransaction(transactionID) }
            return TransactionHistory(transactionID: transactionID, kind: transaction.kind,
                                      isVoided: transaction.isVoided, entries: entries)
        }
    }
}

/// Turns stored values (minor units, account ids) into what a person reads.
private struct ValueRenderer {
    let store: SQLiteProjectionStore

    func fields(of transaction: LedgerTransaction) throws -> [TransactionHistory.Change] {
        var changes: [TransactionHistory.Change] = [.init(field: "date", before: nil, after: transaction.date.description)]
        if let amount = transaction.amount, let from = transaction.fromAccountID, let to = transaction.toAccountID {
            changes.append(.init(field: "amount", before: nil, after: amount.description))
            changes.append(.init(field: "fromAccount", before: nil, after: try accountName(from)))
            changes.append(.init(field: "toAccount", before: nil, after: try accountName(to)))
        } else {
            changes.append(.init(field: "postings", before: nil, after: try postings(transaction.postings)))
            changes += try LotHistory.changes(of: transaction.postings, store: store) { try accountName($0) }
        }
        if let payee = transaction.payee { changes.append(.init(field: "payee", before: nil, after: payee)) }
        if let memo = transaction.memo { changes.append(.init(field: "memo", before: nil, after: memo)) }
        return changes
    }

    func render(_ value: JSONValue, field: TransactionField, in transaction: LedgerTransaction) throws -> String? {
        switch (field, value) {
        case (_, .null): return nil
        case (.amount, .int(let minor)):
            guard let currency = transaction.amount?.currency else { return String(minor) }
            return Money(minorUnits: minor, currency: currency).description
        case (.fromAccount, .string(let id)), (.toAccount, .string(let id)):
            return try accountName(id)
        case (.postings, _):
            return try postings([Posting](json: value))
        case (.reviewed, .bool(let reviewed)):
            return reviewed ? "yes" : "no"
        case (_, .string(let text)):
            return text
        default:
            return value.canonicalString()
        }
    }

    func accountName(_ id: String) throws -> String {
        try store.account(id: id)?.name.rawValue ?? id
    }

    func postings(_ postings: [Posting]) throws -> String {
        try postings.map { "\(try accountName($0.accountID)) \($0.amount)" }.joined(separator: "; ")
    }
}
