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
            entries += try Self.precisionGrowths(after: envelopes[0].position, of: transaction, in: db)
            entries.sort { $0.position < $1.position }
            return TransactionHistory(transactionID: transactionID, kind: transaction.kind,
                                      isVoided: transaction.isVoided, entries: entries)
        }
    }
}

extension Ledger {
    /// The `CommodityPrecisionGrown` events of the transaction's commodities after it was recorded
    /// (issue 36): its amounts now show more decimals (`12.34000 USD`) with the same value, and the
    /// history says why in its own words. Not of the transaction's stream, so read by type: growths
    /// are a handful of events, and `history` reads one transaction.
    static func precisionGrowths(after position: Int64, of transaction: LedgerTransaction,
                                 in db: Database) throws -> [TransactionHistory.Entry] {
        let codes = Set(transaction.postings.map(\.amount.currency.code))
        let positions = try Int64.fetchAll(db, sql: "SELECT position FROM events WHERE type = ? AND position > ? ORDER BY position",
                                           arguments: [LedgerEvent.Kind.commodityPrecisionGrown.rawValue, position])
        return try positions.compactMap { position in
            guard let envelope = try EventLog.event(at: position, in: db),
                  case .commodityPrecisionGrown(let growth) = try envelope.event(), codes.contains(growth.code) else { return nil }
            let change = TransactionHistory.Change(field: "precision of \(growth.code)", before: "\(growth.from) decimals",
                                                   after: "\(growth.to) decimals (stored amounts rescaled; no value changed)")
            return TransactionHistory.Entry(position: envelope.position, type: envelope.type, recordedAt: envelope.recordedAt,
                                            actor: envelope.actor, source: envelope.source, provenance: envelope.provenance,
                                            reason: nil, changes: [change],
                                            hash: EventHasher.hex(try EventLog.hash(at: envelope.position, in: db) ?? []))
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
