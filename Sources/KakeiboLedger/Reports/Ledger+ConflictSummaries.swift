import GRDB
import KakeiboDomain
import KakeiboEventStore
import KakeiboProjections

/// An open conflict in words a person reads: each clashing field's value that was not applied beside the value that
/// stands, rendered as `history` renders them (`66.66 USD`, account names), never minor units, `null` or flags.
///
/// Why the kept side is read from the transaction as it is now, and not from the conflict event's `kept`: that holds
/// only the values of the edits that won (`null` where the value was the transaction's own, or where the edit was kept
/// aside for being built on another kept-aside edit), while an open conflict means nothing edited the transaction
/// since, so its current value is exactly what stands.
public struct ConflictSummary: Hashable, Sendable {
    public struct Field: Hashable, Sendable {
        public var field: String
        /// The value the edit wanted, and the one that stands ("(none)" for an empty payee or memo).
        public var wanted: String
        public var kept: String

        public init(field: String, wanted: String, kept: String) {
            self.field = field; self.wanted = wanted; self.kept = kept
        }
    }

    public var position: Int64
    public var transactionID: String
    /// Who made the edit that was not applied, and on which device.
    public var member: String
    public var device: String
    public var fields: [Field]
    /// The transaction had been voided before the edit reached the server.
    public var voided: Bool
    /// The edit was built on another edit of the same author that was kept aside: it changed a field nobody else
    /// touched, and is kept aside only so that it cannot quietly settle the first one.
    public var afterKeptAside: Bool
    /// Who made the edits or the void that stand (their events' actors), when the log holds them.
    public var keptBy: [String] = []
    /// The transaction's date and payee now, to name it.
    public var date: String
    public var payee: String?
}

extension Ledger {
    /// The open conflicts, oldest first (only those of `transactionID` when given), in words.
    public func conflictSummaries(of transactionID: String? = nil) throws -> [ConflictSummary] {
        try writer.read { db in
            let store = SQLiteProjectionStore(db: db)
            return try Self.openConflicts(in: db)
                .filter { transactionID == nil || $0.conflict.transactionID == transactionID }
                .map { open in try Self.summary(open, store: store, in: db) }
        }
    }

    static func summary(_ open: OpenConflict, store: SQLiteProjectionStore, in db: Database) throws -> ConflictSummary {
        let c = open.conflict
        let transaction = try currentTransaction(c.transactionID, in: db)
        let voided = c.fields.contains { $0.field == "voided" } || transaction?.isVoided == true
        var fields: [ConflictSummary.Field] = []
        for field in c.fields where field.field != "voided" {
            guard let known = TransactionField(rawValue: field.field), let transaction else {
                fields.append(.init(field: field.field, wanted: plain(field.deferred), kept: plain(field.kept)))
                continue
            }
            fields.append(.init(field: field.field, wanted: try render(field.deferred, known, transaction, store),
                                kept: try current(known, transaction, store)))
        }
        var keptBy: [String] = []
        for id in c.kept {
            if let actor = try String.fetchOne(db, sql: "SELECT actor FROM events WHERE event_id = ?", arguments: [id]), !keptBy.contains(actor) {
                keptBy.append(actor)
            }
        }
        return ConflictSummary(position: open.position, transactionID: c.transactionID, member: c.member, device: c.device,
                               fields: fields, voided: voided, afterKeptAside: !voided && c.kept.isEmpty, keptBy: keptBy,
                               date: transaction?.date.description ?? "", payee: transaction?.payee)
    }

    /// The transaction folded from its own stream: what stands now.
    static func currentTransaction(_ id: String, in db: Database) throws -> LedgerTransaction? {
        var transaction: LedgerTransaction?
        for envelope in try EventLog.events(inStream: LedgerTransaction.stream(for: id), in: db) {
            let event = try envelope.event()
            if let recorded = try LedgerTransaction(recordedBy: event) {
                transaction = recorded
            } else if case .transactionEdited(let edit) = event, let now = transaction {
                transaction = try now.applying(edit.changes)
            } else if case .transactionVoided = event {
                transaction?.isVoided = true
            }
        }
        return transaction
    }

    private static func render(_ value: JSONValue, _ field: TransactionField, _ transaction: LedgerTransaction,
                               _ store: SQLiteProjectionStore) throws -> String {
        switch (field, value) {
        case (_, .null): return "(none)"
        case (.amount, .int(let minor)):
            guard let currency = transaction.amount?.currency else { return String(minor) }
            return Money(minorUnits: minor, currency: currency).description
        case (.fromAccount, .string(let id)), (.toAccount, .string(let id)):
            return try store.account(id: id)?.name.rawValue ?? id
        case (.postings, _):
            return try postings([Posting](json: value), store)
        case (.reviewed, .bool(let reviewed)):
            return reviewed ? "reviewed" : "not reviewed"
        default:
            return plain(value)
        }
    }

    private static func current(_ field: TransactionField, _ transaction: LedgerTransaction, _ store: SQLiteProjectionStore) throws -> String {
        switch field {
        case .date: return transaction.date.description
        case .payee: return transaction.payee ?? "(none)"
        case .memo: return transaction.memo ?? "(none)"
        case .amount:
            if let amount = transaction.amount { return amount.description }
            return try postings(transaction.postings, store)
        case .fromAccount: return try transaction.fromAccountID.map { try store.account(id: $0)?.name.rawValue ?? $0 } ?? "(none)"
        case .toAccount: return try transaction.toAccountID.map { try store.account(id: $0)?.name.rawValue ?? $0 } ?? "(none)"
        case .postings: return try postings(transaction.postings, store)
        case .reviewed: return "(unchanged)"
        }
    }

    private static func postings(_ postings: [Posting], _ store: SQLiteProjectionStore) throws -> String {
        try postings.map { "\(try store.account(id: $0.accountID)?.name.rawValue ?? $0.accountID) \($0.amount)" }.joined(separator: "; ")
    }

    private static func plain(_ value: JSONValue) -> String {
        if case .string(let text) = value { return text }
        if case .null = value { return "(none)" }
        return value.canonicalString()
    }
}
